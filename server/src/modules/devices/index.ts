// The devices entity: what other modules may use (ARCHITECTURE.md 'Server modules').
export {
  activeGatewaysOf,
  DEVICES_MAC_CONSTRAINT,
  findByMac,
  findDevice,
  findDeviceByMac,
  findFirmwareVersion,
  findModel,
  insertDevice,
  insertDeviceUnlessKnown,
  isKioskGateway,
  listModels,
  lockDevice,
  otherGatewayNames,
  updateDevice,
} from './devices.repo';
export {
  endAssignment,
  endAssignmentsOf,
  handOver,
  history,
  historyHasEntry,
  openAssignmentOf,
  type HistoryOwner,
} from './assignments.repo';
export {
  lastOperations,
  openOperations,
  operationStates,
  toLastStatus,
  toOpen,
  type OperationState,
} from './operation-state.repo';

// The devices entity: what other modules may use (ARCHITECTURE.md 'Server modules').
export {
  DEVICES_MAC_CONSTRAINT,
  findByMac,
  findDevice,
  findFirmwareVersion,
  findModel,
  insertDevice,
  isKioskGateway,
  listModels,
  lockDevice,
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

import {
  STATION_MESSAGES,
  type KioskGateway,
  type NfcStationRow,
  type StationAssignmentResponse,
} from '../../contracts/stations';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import type { Caller } from '../../core/caller';
import { endAssignmentsOf, findDevice, handOver, isKioskGateway, openAssignmentOf } from '../devices';
import { locationsUnder } from '../locations';
import { userToChange } from '../users';
import { listGateways, listNfcStations, lockWristbandByMac } from './stations.repo';

// The Stations page (docs/STATIONS.md): everything is limited to the
// caller's scope, and what lies outside it is answered 404, as if it did not exist.

export interface AssignmentRequest {
  gatewayId: number;
  wristbandMac: string;
  /** null: give the wristband back. */
  userId: number | null;
}

/** The Stations page's reads, and the record of what a kiosk wrote to a wristband. */
export function createStationsService(db: Database) {
  return {
    /** GET /stations/gateways: the gateways of a location and its descendants. */
    async gateways(
      caller: Caller,
      query: { groupId: number; modelId?: number; roles?: string[]; search?: string },
    ): Promise<{ data: KioskGateway[] }> {
      const groupIds = await locationsUnder(db, await caller.scope(), [query.groupId]);
      return { data: await listGateways(db, { groupIds, modelId: query.modelId, roles: query.roles, search: query.search }) };
    },

    /** GET /iot/things/stations: the NFC stations of some locations and their descendants; none asked, none answered. */
    async nfcStations(caller: Caller, query: { groupIds: number[] }): Promise<{ data: NfcStationRow[] }> {
      const groupIds = await locationsUnder(db, await caller.scope(), query.groupIds);
      return { data: await listNfcStations(db, groupIds) };
    },

    /**
     * POST /stations/assignments: a kiosk wrote `userId` onto one of its wristbands (or cleared
     * it). In one transaction the wristband's holding ends, and so does the user's hold on any
     * other wearable (one at a time), and the new holding starts, all at the same instant, with
     * the caller as assignor. Recording what already holds changes nothing, so a repeat is safe.
     */
    async recordAssignment(caller: Caller, body: AssignmentRequest): Promise<StationAssignmentResponse> {
      const scope = await caller.scope();
      const inScope = (groupId: number | null) => groupId !== null && scope.groupIds.has(groupId);
      return db.transaction(async (tdb) => {
        const gateway = await findDevice(tdb, body.gatewayId);
        if (!gateway || !isKioskGateway(gateway) || !gateway.active || !inScope(gateway.groupId)) {
          throw new HttpError(404, STATION_MESSAGES.gatewayNotFound);
        }
        // Wristband before user, as the wearable administration locks them.
        const wristband = await lockWristbandByMac(tdb, body.wristbandMac);
        if (!wristband || !inScope(wristband.groupId)) throw new HttpError(404, STATION_MESSAGES.wristbandNotFound);
        if (wristband.gatewayId !== gateway.id) throw new HttpError(409, STATION_MESSAGES.notAtGateway);
        if (wristband.syncEnabled) throw new HttpError(409, STATION_MESSAGES.syncEnabled);
        const current = await openAssignmentOf(tdb, wristband.id);
        const previousUserId = current?.userId ?? null;
        const answer = (userId: number | null, at: Date) => ({ wearableId: wristband.id, userId, previousUserId, at: at.toISOString() });

        if (body.userId === null) {
          if (!current) return answer(null, new Date());
          const at = new Date();
          await endAssignmentsOf(tdb, wristband.id, null, at);
          return answer(null, at);
        }
        const user = await userToChange(tdb, caller, scope, body.userId, { lock: true, acting: 'wearable' });
        if (!user.active) throw new HttpError(409, STATION_MESSAGES.userInactive);
        if (current?.userId === user.id) return answer(user.id, current.assignedAt);
        return answer(user.id, await handOver(tdb, wristband.id, user.id, caller.user.id));
      });
    },
  };
}

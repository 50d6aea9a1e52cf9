import type { z } from 'zod';
import {
  GATEWAY_MESSAGES,
  GATEWAY_SETUP_GROUP_ID,
  type AnnouncedGateway,
  type gatewayAnnounceBodySchema,
  type GatewaySoftwareJob,
  type gatewaySoftwareJobReportSchema,
  type gatewayStateReportSchema,
  type SoftwareJobStatus,
  type TerminalState,
} from '../../contracts/gateways';
import type { Database } from '../../db/client';
import type { DeviceRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import { isoOrNull } from '../../core/sql';
import { findDeviceByMac, findModel, insertDeviceUnlessKnown } from '../devices';
import {
  insertGatewaySoftware,
  latestVersionsOf,
  lockJobOf,
  openJobsOf,
  recordInstalled,
  saveGatewayState,
  setJobStatus,
  setupQueueExists,
  softwareVersionsOf,
  terminalOf,
} from './gateway-software.repo';

type JobReport = z.output<typeof gatewaySoftwareJobReportSchema>;
type StateReport = z.output<typeof gatewayStateReportSchema>;
type AnnounceBody = z.output<typeof gatewayAnnounceBodySchema>;

const announced = (row: DeviceRow, created: boolean): AnnouncedGateway => ({
  id: row.id,
  mac: row.mac,
  name: row.name,
  groupId: row.groupId,
  modelId: row.modelId,
  active: row.active,
  created,
});

/** Where a software job may go from where it is: its gateway starts it and ends it, installed or failed. */
const NEXT: Readonly<Record<SoftwareJobStatus, readonly SoftwareJobStatus[]>> = {
  PENDING: ['STARTED', 'FAILED'],
  STARTED: ['STARTED', 'UPDATED', 'FAILED'],
  UPDATED: [],
  FAILED: [],
};

/**
 * The gateway's side of its software jobs and of its terminal (docs/GATEWAYS.md): the jobs still
 * to carry out on itself and its reports of them (an installed version becomes what it runs), the
 * terminal wished of it and its report of the session URL and of its setup's outcome.
 */
export function createGatewaySoftwareService(db: Database) {
  return {
    async jobs(gateway: DeviceRow): Promise<GatewaySoftwareJob[]> {
      const rows = await openJobsOf(db, gateway.id);
      return rows.map((row) => ({ ...row, lastHeartbeatAt: isoOrNull(gateway.lastHeartbeatAt) }));
    },

    async report(gateway: DeviceRow, id: number, report: JobReport): Promise<{ status: SoftwareJobStatus }> {
      return db.transaction(async (tx) => {
        const job = await lockJobOf(tx, gateway.id, id);
        if (!job) throw new HttpError(404, GATEWAY_MESSAGES.jobNotFound);
        if (!NEXT[job.status].includes(report.status)) throw new HttpError(409, `${GATEWAY_MESSAGES.transition}: ${job.status} → ${report.status}`);
        const now = new Date();
        await setJobStatus(tx, job.id, report.status, report.message ?? null, now);
        if (report.status === 'UPDATED') {
          const [version] = await softwareVersionsOf(tx, [job.softwareVersionId]);
          if (version) await recordInstalled(tx, gateway.id, version, now);
        }
        return { status: report.status };
      });
    },

    terminal: (gateway: DeviceRow) => terminalOf(db, gateway.id),

    /** A session URL is kept only while the terminal is wished for; a status is the gateway's last. */
    async reportState(gateway: DeviceRow, report: StateReport): Promise<TerminalState> {
      const current = await terminalOf(db, gateway.id);
      const now = new Date();
      const set = {
        ...(report.terminalUrl !== undefined ? { terminalUrl: current.enabled ? report.terminalUrl : null } : {}),
        ...(report.status ? { statusCode: report.status.code, statusMessage: report.status.message, statusAt: now } : {}),
        updatedAt: now,
      };
      await saveGatewayState(db, gateway.id, set);
      return terminalOf(db, gateway.id);
    },

    /**
     * A gateway not yet known joins the setup queue: unnamed, of its model, running its model's
     * latest software. A known MAC is answered with its row as it is (never moved nor changed); one
     * of another kind of device is 409.
     */
    async announce(mac: string, body: AnnounceBody): Promise<AnnouncedGateway> {
      const model = await findModel(db, body.modelId);
      if (!model || model.deviceType !== 'GATEWAY') throw new HttpError(400, GATEWAY_MESSAGES.notGatewayModel);
      return db.transaction(async (tx) => {
        if (!(await setupQueueExists(tx))) throw new HttpError(503, GATEWAY_MESSAGES.noSetupQueue);
        const created = await insertDeviceUnlessKnown(tx, { mac, type: 'GATEWAY', name: '', groupId: GATEWAY_SETUP_GROUP_ID, modelId: model.id, role: 'GATEWAY' });
        if (!created) {
          const known = await findDeviceByMac(tx, mac);
          if (!known || known.type !== 'GATEWAY') throw new HttpError(409, GATEWAY_MESSAGES.macOfAnotherDevice);
          return announced(known, false);
        }
        const latest = await latestVersionsOf(tx, model.id);
        if (latest.length > 0) await insertGatewaySoftware(tx, created.id, latest);
        return announced(created, true);
      });
    },
  };
}

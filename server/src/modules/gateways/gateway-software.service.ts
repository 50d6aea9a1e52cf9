import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  GATEWAY_MESSAGES,
  GATEWAY_SETUP_GROUP_ID,
  type AnnouncedGateway,
  type gatewayAnnounceBodySchema,
  OPEN_SOFTWARE_JOB_STATUSES,
  type GatewaySoftwareJob,
  type gatewaySoftwareJobReportSchema,
  type gatewayStateReportSchema,
  type SoftwareJobStatus,
  type TerminalState,
} from '../../contracts/gateways';
import type { Database } from '../../db/client';
import { devices, gatewaySoftware, gatewayStates, groups, softwareJobs, softwareVersions, type DeviceRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import { isoOrNull } from '../../core/sql';
import { findModel } from '../devices';

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

/** The terminal a gateway was asked for and the URL it reported. */
export async function terminalOf(db: Database, deviceId: number): Promise<TerminalState> {
  const [row] = await db.select().from(gatewayStates).where(eq(gatewayStates.deviceId, deviceId));
  return { enabled: row?.terminalEnabled ?? false, url: row?.terminalEnabled ? (row.terminalUrl ?? null) : null };
}

/**
 * The gateway's side of its software jobs and of its terminal (docs/GATEWAYS.md): the jobs still
 * to carry out on itself and its reports of them (an installed version becomes what it runs), the
 * terminal wished of it and its report of the session URL and of its setup's outcome.
 */
export function createGatewaySoftwareService(db: Database) {
  return {
    async jobs(gateway: DeviceRow): Promise<GatewaySoftwareJob[]> {
      const rows = await db
        .select({ id: softwareJobs.id, status: softwareJobs.status, packageName: softwareVersions.packageName, version: softwareVersions.version, url: softwareVersions.url })
        .from(softwareJobs)
        .innerJoin(softwareVersions, eq(softwareVersions.id, softwareJobs.softwareVersionId))
        .where(and(eq(softwareJobs.deviceId, gateway.id), inArray(softwareJobs.status, [...OPEN_SOFTWARE_JOB_STATUSES])))
        .orderBy(asc(softwareJobs.id));
      return rows.map((row) => ({ ...row, lastHeartbeatAt: isoOrNull(gateway.lastHeartbeatAt) }));
    },

    async report(gateway: DeviceRow, id: number, report: JobReport): Promise<{ status: SoftwareJobStatus }> {
      return db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(softwareJobs)
          .where(and(eq(softwareJobs.id, id), eq(softwareJobs.deviceId, gateway.id)))
          .for('update');
        if (!job) throw new HttpError(404, GATEWAY_MESSAGES.jobNotFound);
        if (!NEXT[job.status].includes(report.status)) throw new HttpError(409, `${GATEWAY_MESSAGES.transition}: ${job.status} → ${report.status}`);
        const now = new Date();
        await tx
          .update(softwareJobs)
          .set({ status: report.status, message: report.message ?? null, updatedAt: now })
          .where(eq(softwareJobs.id, job.id));
        if (report.status === 'UPDATED') {
          const [version] = await tx.select().from(softwareVersions).where(eq(softwareVersions.id, job.softwareVersionId));
          if (version) {
            await tx
              .insert(gatewaySoftware)
              .values({ deviceId: gateway.id, packageName: version.packageName, softwareVersionId: version.id, updatedAt: now })
              .onConflictDoUpdate({ target: [gatewaySoftware.deviceId, gatewaySoftware.packageName], set: { softwareVersionId: version.id, updatedAt: now } });
          }
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
      await db
        .insert(gatewayStates)
        .values({ deviceId: gateway.id, ...set })
        .onConflictDoUpdate({ target: gatewayStates.deviceId, set });
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
        const [queue] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, GATEWAY_SETUP_GROUP_ID));
        if (!queue) throw new HttpError(503, GATEWAY_MESSAGES.noSetupQueue);
        const [created] = await tx
          .insert(devices)
          .values({ mac, type: 'GATEWAY', name: '', groupId: GATEWAY_SETUP_GROUP_ID, modelId: model.id, role: 'GATEWAY' })
          .onConflictDoNothing({ target: devices.mac })
          .returning();
        if (!created) {
          const [known] = await tx.select().from(devices).where(eq(devices.mac, mac));
          if (!known || known.type !== 'GATEWAY') throw new HttpError(409, GATEWAY_MESSAGES.macOfAnotherDevice);
          return announced(known, false);
        }
        const latest = await tx
          .select({ id: softwareVersions.id, packageName: softwareVersions.packageName })
          .from(softwareVersions)
          .where(and(eq(softwareVersions.modelId, model.id), eq(softwareVersions.isLatest, true)));
        if (latest.length > 0) {
          await tx.insert(gatewaySoftware).values(latest.map((v) => ({ deviceId: created.id, packageName: v.packageName, softwareVersionId: v.id })));
        }
        return announced(created, true);
      });
    },
  };
}

import type { z } from 'zod';
import { ALREADY_QUEUED_REASON } from '../../contracts/operations';
import { channelSlug, gatewaySessionChannel, type GatewayRenamed } from '../../contracts/stations-realtime';
import {
  GATEWAY_MESSAGES,
  GATEWAY_SETUP_GROUP_ID,
  TERMINAL_WAIT_MS,
  type Gateway,
  type gatewayConfigBodySchema,
  type GatewayStats,
  type softwareJobsBodySchema,
  type softwareJobsResponseSchema,
  type TerminalState,
  type terminalToggleBodySchema,
} from '../../contracts/gateways';
import type { Database } from '../../db/client';
import type { DeviceRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import type { Caller } from '../../core/caller';
import { findDevice, isKioskGateway, otherGatewayNames, updateDevice } from '../devices';
import { locationsUnder, requireLocationInScope } from '../locations';
import { gatewayStats, listGateways } from './gateways.repo';
import { insertSoftwareJobs, openJobsOfDevices, saveGatewayState, softwareVersionsOf, terminalOf } from './gateway-software.repo';

type ConfigBody = z.output<typeof gatewayConfigBodySchema>;
type ToggleBody = z.output<typeof terminalToggleBodySchema>;
type JobsBody = z.output<typeof softwareJobsBodySchema>;
type JobsResponse = z.output<typeof softwareJobsResponseSchema>;

export interface GatewaysServiceOptions {
  /** Tells a renamed gateway, on its command channel, the session channel that follows its new name. */
  notifyRenamed?: (mac: string, renamed: GatewayRenamed) => Promise<void>;
  /** How long the terminal toggle waits for the gateway's session URL. */
  terminalWaitMs?: number;
  /** How often it looks. */
  terminalPollMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Gateways page (docs/GATEWAYS.md): everything is limited to the
 * caller's scope, and what lies outside it is answered 404, as if it did not exist.
 */
export function createGatewaysService(db: Database, options: GatewaysServiceOptions = {}) {
  const waitMs = options.terminalWaitMs ?? TERMINAL_WAIT_MS;
  const pollMs = options.terminalPollMs ?? 200;

  /** A gateway of the caller's scope, or 404. */
  async function gatewayInScope(caller: Caller, id: number): Promise<DeviceRow> {
    const device = await findDevice(db, id);
    const scope = await caller.scope();
    if (!device || device.type !== 'GATEWAY' || device.groupId === null || !scope.groupIds.has(device.groupId)) {
      throw new HttpError(404, GATEWAY_MESSAGES.gatewayNotFound);
    }
    return device;
  }

  async function gatewayRow(id: number, groupId: number): Promise<Gateway> {
    const [row] = await listGateways(db, [groupId], id);
    if (!row) throw new HttpError(404, GATEWAY_MESSAGES.gatewayNotFound);
    return row;
  }

  return {
    /** GET /devices/gateway/:groupId: the gateways of a location and its descendants. */
    async list(caller: Caller, groupId: number): Promise<Gateway[]> {
      return listGateways(db, await locationsUnder(db, await caller.scope(), [groupId]));
    },

    /** GET /devices/gateway/stats/:gatewayId. */
    async stats(caller: Caller, gatewayId: number): Promise<GatewayStats> {
      const gateway = await gatewayInScope(caller, gatewayId);
      return gatewayStats(db, gateway.id);
    },

    /**
     * POST /gateways/config: names the gateway and places it in a location of the scope (out of the
     * setup queue, or from where it is). Its session channel follows its name, so no two gateways
     * may share one.
     */
    async config(caller: Caller, body: ConfigBody): Promise<Gateway> {
      const gateway = await gatewayInScope(caller, body.id);
      requireLocationInScope(await caller.scope(), body.groupId);
      if (body.groupId === GATEWAY_SETUP_GROUP_ID) throw new HttpError(400, GATEWAY_MESSAGES.setupQueue);
      const slug = channelSlug(body.name);
      if (!slug) throw new HttpError(400, 'A gateway name needs a letter or a digit');
      const others = await otherGatewayNames(db, gateway.id);
      if (others.some((name) => channelSlug(name) === slug)) throw new HttpError(409, GATEWAY_MESSAGES.nameTaken);
      const moved = gateway.groupId !== body.groupId;
      await updateDevice(db, gateway.id, { name: body.name, groupId: body.groupId, version: gateway.version + 1, ...(moved ? { zoneId: null, x: null, y: null } : {}) });
      if (channelSlug(gateway.name) !== slug) await options.notifyRenamed?.(gateway.mac, { name: body.name, sessionChannel: gatewaySessionChannel(body.name) });
      return gatewayRow(gateway.id, body.groupId);
    },

    /**
     * POST /devices/tmate/toggle (docs/GATEWAYS.md 'Remote terminal'): records the wish; enabling
     * waits for the gateway to report its session URL and answers it, or 504 when none comes.
     */
    async toggleTerminal(caller: Caller, body: ToggleBody): Promise<TerminalState> {
      const gateway = await gatewayInScope(caller, body.deviceId);
      if (!isKioskGateway(gateway)) throw new HttpError(409, GATEWAY_MESSAGES.notKiosk);
      const current = await terminalOf(db, gateway.id);
      if (body.enabled && current.enabled && current.url) return current;
      const now = new Date();
      const values = { terminalEnabled: body.enabled, terminalUrl: null, terminalRequestedAt: now, updatedAt: now };
      await saveGatewayState(db, gateway.id, values);
      if (!body.enabled) return { url: null, enabled: false };
      for (let waited = 0; waited < waitMs; waited += pollMs) {
        await sleep(pollMs);
        const state = await terminalOf(db, gateway.id);
        if (!state.enabled) return state;
        if (state.url) return state;
      }
      throw new HttpError(504, GATEWAY_MESSAGES.terminalTimeout);
    },

    /**
     * POST /software/jobs: a job per gateway and version. A version already queued or in progress
     * on that gateway is not queued again (its open job is answered).
     */
    async queueSoftwareJobs(caller: Caller, body: JobsBody): Promise<JobsResponse> {
      const wanted: { deviceId: number; softwareVersionId: number }[] = [];
      const seen = new Set<string>();
      const versionIds = [...new Set(body.flatMap((b) => b.softwareVersionIds))];
      const versions = new Map(
        (await softwareVersionsOf(db, versionIds)).map((v) => [v.id, v]),
      );
      for (const item of body) {
        const gateway = await gatewayInScope(caller, item.deviceId);
        if (gateway.modelId !== item.modelId) throw new HttpError(400, `${GATEWAY_MESSAGES.modelMismatch}: ${gateway.id}`);
        if (gateway.mac !== item.mac.toUpperCase()) throw new HttpError(400, `${GATEWAY_MESSAGES.macMismatch}: ${gateway.id}`);
        for (const versionId of item.softwareVersionIds) {
          const version = versions.get(versionId);
          if (!version) throw new HttpError(400, `${GATEWAY_MESSAGES.versionNotFound}: ${versionId}`);
          if (version.modelId !== gateway.modelId) throw new HttpError(400, `${GATEWAY_MESSAGES.versionNotOfModel}: ${versionId}`);
          const key = `${gateway.id}:${versionId}`;
          if (seen.has(key)) continue;
          seen.add(key);
          wanted.push({ deviceId: gateway.id, softwareVersionId: versionId });
        }
      }
      const inserted = await insertSoftwareJobs(db, wanted.map((w) => ({ ...w, createdBy: caller.user.id })));
      const made = new Map(inserted.map((r) => [`${r.deviceId}:${r.softwareVersionId}`, r.id]));
      const left = wanted.filter((w) => !made.has(`${w.deviceId}:${w.softwareVersionId}`));
      const open = await openJobsOfDevices(db, left.map((w) => w.deviceId));
      const openIds = new Map(open.map((o) => [`${o.deviceId}:${o.softwareVersionId}`, o.id]));
      return {
        jobs: wanted.map((w) => {
          const key = `${w.deviceId}:${w.softwareVersionId}`;
          const id = made.get(key);
          return id !== undefined ? { ...w, id, queued: true, reason: null } : { ...w, id: openIds.get(key) ?? null, queued: false, reason: ALREADY_QUEUED_REASON };
        }),
      };
    },
  };
}

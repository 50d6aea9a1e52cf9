import { z } from 'zod';

// The live side of the Stations page (kiosk sessions, assignments and gateway commands): the
// channels and events between
// the console and a kiosk gateway, and the payloads both ends validate. docs/STATIONS.md tells the
// whole protocol; the HTTP calls of the stations are in ./stations.ts.

/** Wristband slots of one charging station. */
export const STATION_SLOTS = 16;

/** The protocol's timers (docs/STATIONS.md 'The session'), in milliseconds. */
export const SESSION_TIMERS = {
  /** A PING goes this often while joined. */
  pingMs: 10_000,
  /** No answer from the gateway for this long while joined marks it in error. */
  deadMs: 19_000,
  /** A JOIN without an answer within this long errors. */
  joinMs: 10_000,
  /** After an error the session joins again after this long. */
  retryMs: 20_000,
  /** A command without any reply within this long fails. */
  commandMs: 5_000,
} as const;
export type SessionTimers = { -readonly [K in keyof typeof SESSION_TIMERS]: number };

// ---- Channels and events (docs/STATIONS.md 'Channels and events') ------------------------------

/** Lower-cased, every run of other characters turned into one hyphen. */
export function channelSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A gateway's session channel: named from the gateway's name ('Kiosk 3N' → 'private-kiosk-3n'). */
export const gatewaySessionChannel = (gatewayName: string) => `private-${channelSlug(gatewayName)}`;
/** A gateway's command channel: named from its MAC ('B8:27:EB:4F:01:02' → 'private-b8-27-eb-4f-01-02'). */
export const gatewayCommandChannel = (mac: string) => `private-${channelSlug(mac)}`;

/** The session kind of the Stations page: the {suffix} of the session events. */
export const KIOSK_SESSION = 'kiosk';
/** Console → gateway session messages. */
export const sessionDownEvent = (suffix: string = KIOSK_SESSION) => `client-gws-down-${suffix}`;
/** Gateway → console session messages. */
export const sessionUpEvent = (suffix: string = KIOSK_SESSION) => `client-gws-up-${suffix}`;
export const COMMAND_TYPES = ['cli', 'update'] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];
export const commandRequestEvent = (type: CommandType) => `client-gwc-req-${type}`;
export const commandResponseEvent = (type: CommandType) => `client-gwc-res-${type}`;

/**
 * Server → gateway, on its command channel, once it is renamed (POST /gateways/config): its new
 * name and the session channel that follows it. The gateway leaves its old session channel and
 * joins the new one, where the console's sessions now find it.
 */
export const gatewayRenamedEvent = 'gateway-renamed';
export const gatewayRenamedSchema = z.object({ name: z.string().min(1).max(100), sessionChannel: z.string().max(200) });
export type GatewayRenamed = z.infer<typeof gatewayRenamedSchema>;

// ---- What a gateway reports -----------------------------------------------------------------

export const lastStatusSchema = z.object({
  /** The operation kind: 'DFU', 'SETTING', … */
  type: z.string().max(40),
  /** 'pending', 'working', 'done', 'canceled', 'failed'. */
  status: z.string().max(40),
});
export type LastStatus = z.infer<typeof lastStatusSchema>;

/** A wristband in a slot. */
export const wristbandStateSchema = z.object({
  mac: z.string().max(17),
  gatewayMac: z.string().max(17),
  /** The holder's display name; null when nobody holds it. */
  name: z.string().max(200).nullable(),
  userId: z.number().int().nullable(),
  /** Battery percent. */
  battery: z.number().int().min(0).max(100).nullable(),
  /** Firmware version. */
  version: z.string().max(40).nullable(),
  syncEnabled: z.boolean(),
  status: z.object({ working: z.boolean(), lastStatus: lastStatusSchema.nullable() }),
  isUpdating: z.boolean(),
});
export type WristbandState = z.infer<typeof wristbandStateSchema>;

export const slotStateSchema = z.object({
  /** 1–16. */
  slot: z.number().int().min(1).max(STATION_SLOTS),
  wristband: wristbandStateSchema.nullable(),
});
export type SlotState = z.infer<typeof slotStateSchema>;

export const stationStateSchema = z.object({
  name: z.string().max(200),
  slots: z.array(slotStateSchema).max(STATION_SLOTS),
});
export type StationState = z.infer<typeof stationStateSchema>;

/** Everything a gateway holds, sent whole each time so a lost message is made good by the next. */
export const gatewayStateSchema = z.object({
  mac: z.string().max(17),
  /** Grows by one with every state the gateway sends; an older one than the last seen is ignored. */
  seq: z.number().int().nonnegative(),
  stations: z.array(stationStateSchema).max(8),
});
export type GatewayState = z.infer<typeof gatewayStateSchema>;

// ---- Session messages -----------------------------------------------------------------------

export const ASSIGNMENT_TYPES = ['ASSIGN', 'REASSIGN', 'UNASSIGN'] as const;

/** A kiosk assignment (docs/STATIONS.md 'Assignments'): what the console asks the gateway to write to a wristband. */
export const kioskAssignmentSchema = z.object({
  /** Client-made id, echoed nowhere; lets the console match its pending entries. */
  id: z.string().max(64),
  type: z.enum(ASSIGNMENT_TYPES),
  /** null for UNASSIGN. */
  userId: z.number().int().nullable(),
  /** The user's display name (null for UNASSIGN). */
  name: z.string().max(200).nullable(),
  mac: z.string().max(17),
  gatewayMac: z.string().max(17),
});
export type KioskAssignment = z.infer<typeof kioskAssignmentSchema>;

/** Console → gateway, on `client-gws-down-{suffix}`. */
export const sessionDownSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('JOIN'), sessionId: z.string().max(64), id: z.string().max(64) }),
  z.object({ type: z.literal('PING'), sessionId: z.string().max(64), id: z.string().max(64) }),
  z.object({ type: z.literal('LEAVE'), sessionId: z.string().max(64), id: z.string().max(64) }),
  z.object({
    type: z.literal('DATA'),
    sessionId: z.string().max(64),
    id: z.string().max(64),
    assignments: z.array(kioskAssignmentSchema).max(STATION_SLOTS * 8),
  }),
]);
export type SessionDown = z.infer<typeof sessionDownSchema>;

/** Gateway → console, on `client-gws-up-{suffix}`. */
export const sessionUpSchema = z.discriminatedUnion('type', [
  /**
   * The answer to a JOIN (code 200 with the state, or 500), or an unprompted code 500 while
   * joined. `sessionId` names the session answered; absent, it is for every session.
   */
  z.object({
    type: z.literal('STATUS'),
    sessionId: z.string().max(64).optional(),
    replyTo: z.string().max(64).optional(),
    code: z.number().int(),
    message: z.string().max(500).optional(),
    state: gatewayStateSchema.optional(),
  }),
  z.object({ type: z.literal('PONG'), sessionId: z.string().max(64), replyTo: z.string().max(64) }),
  /** A new state, to every session. */
  z.object({ type: z.literal('DATA'), state: gatewayStateSchema }),
]);
export type SessionUp = z.infer<typeof sessionUpSchema>;

// ---- Commands -------------------------------------------------------------------------------

/** Console → gateway, on `client-gwc-req-cli`. */
export const cliRequestSchema = z.object({ id: z.string().max(64), command: z.array(z.string().max(200)).min(1).max(20) });
export type CliRequest = z.infer<typeof cliRequestSchema>;
/** Console → gateway, on `client-gwc-req-update` (model 13 only). */
export const updateRequestSchema = z.object({ id: z.string().max(64), version: z.string().max(40).optional() });
export type UpdateRequest = z.infer<typeof updateRequestSchema>;

/** cli: 202 in progress, 200 done, 409 or 500 error. update: 202, 200, 500 or 503. */
export const CLI_CODES = { progress: 202, done: 200, errors: [409, 500] } as const;
export const UPDATE_CODES = { progress: 202, done: 200, errors: [500, 503] } as const;

/** Gateway → console, on `client-gwc-res-{type}`. */
export const commandResponseSchema = z.object({
  id: z.string().max(64),
  mac: z.string().max(17),
  code: z.number().int(),
  message: z.string().max(2000).optional(),
  /** cli output. */
  data: z.string().max(20_000).optional(),
});
export type CommandResponse = z.infer<typeof commandResponseSchema>;

/** Quick commands of the gateway terminal (docs/STATIONS.md 'Commands'). */
export const QUICK_COMMANDS = [
  { label: 'Get date', command: ['date'] },
  { label: 'CPU and memory', command: ['top', '-b', '-n', '1'] },
  { label: 'Logs (last 100)', command: ['journalctl', '-u', 'lavo-gateway', '-n', '100'] },
  { label: 'Wireless config', command: ['iwconfig'] },
  { label: 'Flash white', command: ['lavo-led', 'flash', 'white'] },
  { label: 'Set white', command: ['lavo-led', 'set', 'white'] },
  { label: 'Restart gateway app', command: ['systemctl', 'restart', 'lavo-gateway'] },
  { label: 'Restart daemon', command: ['systemctl', 'restart', 'lavo-daemon'] },
  { label: 'Reboot', command: ['reboot'] },
] as const;

// ---- Wristband rules ------------------------------------------------------------------------

/** The 4-digit display code of a sync-enabled wristband: its MAC as a number, mod 9999. */
export function displayCode(mac: string): string {
  const hex = mac.replace(/[^0-9a-f]/gi, '');
  if (!hex) return '0000';
  return String(Number(BigInt(`0x${hex}`) % 9999n)).padStart(4, '0');
}

/** Why a wristband cannot receive an assignment, or null when it can (docs/STATIONS.md 'Assignments'). */
export function assignBlocker(w: Pick<WristbandState, 'syncEnabled' | 'isUpdating' | 'status'>): string | null {
  if (w.syncEnabled) return 'Sync-enabled wristbands are assigned at the kiosk.';
  if (w.isUpdating) return 'The wristband is updating.';
  if (w.status.working) return 'An operation is running on the wristband.';
  return null;
}

import { z } from 'zod';

// What Lavo collects and keeps, written once (docs/PRIVACY.md 'The description for the works
// council'): the devices' data from docs/IOT.md, docs/GATEWAYS.md and the ingest's events
// (contracts/ingest.ts), the stored kinds from db/schema-events.ts. The privacy description the
// server answers is built from these, so the page carries no prose of its own about them.

/** Kinds of device as the description counts them: a device's type, split by its role where the role changes what it does. */
export const DEVICE_KINDS = ['WRISTBAND', 'BADGE', 'ROOM_BEACON', 'BED_BEACON', 'DISPENSER', 'GATEWAY', 'KIOSK_GATEWAY', 'TABLET', 'FALL_DEVICE', 'NFC_GATEWAY'] as const;
export const deviceKindSchema = z.enum(DEVICE_KINDS);
export type DeviceKind = z.infer<typeof deviceKindSchema>;

/** What one kind of device is and what the console stores from it. */
export interface DeviceKindEntry {
  label: string;
  collects: readonly string[];
}

const HEARTBEAT = 'Heartbeats saying it is alive, with its battery level';

/** Every kind of device with what is stored from it (contracts/ingest.ts, db/schema-events.ts, docs/IOT.md). */
export const DEVICE_CATALOGUE: Record<DeviceKind, DeviceKindEntry> = {
  WRISTBAND: {
    label: 'Wristbands (worn by staff)',
    collects: [
      'Entering and leaving a room, seen through the room’s beacon (never in a private zone)',
      'Coming near a bed and moving away from it, seen through the bed’s beacon (never in a private zone)',
      'Hand washes the wristband detects itself: soap or sanitizer, when, and how long',
      'Reminders it gave in a reminder zone',
      'Its counters since its last report: steps, distance walked and calories',
      'Being taken from or put back into a charging station slot',
      HEARTBEAT,
    ],
  },
  BADGE: {
    label: 'Badges (worn by staff)',
    collects: [
      'Entering and leaving a room, seen through the room’s beacon (never in a private zone)',
      'Coming near a bed and moving away from it, seen through the bed’s beacon (never in a private zone)',
      'Dispenser activations credited to the badge the dispenser saw',
      HEARTBEAT,
    ],
  },
  ROOM_BEACON: {
    label: 'Room beacons',
    collects: ['Nothing about a person by itself: it marks a room, and the wearables near it report entering and leaving', HEARTBEAT],
  },
  BED_BEACON: {
    label: 'Bed beacons',
    collects: ['Nothing about a person by itself: it marks a bed, and the wearables near it report coming and going', HEARTBEAT],
  },
  DISPENSER: {
    label: 'Dispensers',
    collects: ['Each activation: when, soap or sanitizer, how long (models that measure it)', 'The wearable it saw at the activation, whose wearer is credited with the wash', HEARTBEAT],
  },
  GATEWAY: {
    label: 'Gateways',
    collects: ['Nothing of its own about a person: it relays the events of the devices around it, and which gateway sent an event is kept', HEARTBEAT],
  },
  KIOSK_GATEWAY: {
    label: 'Charging stations (kiosk gateways)',
    collects: ['A wristband taken out of a slot (check-out) or put back (check-in): when, which slot, and the wearer it was handed to', 'Relays the events of the devices around it', HEARTBEAT],
  },
  TABLET: {
    label: 'Nurse station tablets',
    collects: [HEARTBEAT],
  },
  FALL_DEVICE: {
    label: 'Fall devices',
    collects: ['Whether it is connected, and per half hour how many position reports it sent (counts only)', 'Its installed software and the jobs run on it'],
  },
  NFC_GATEWAY: {
    label: 'NFC gateways',
    collects: ['Whether it is connected, and per half hour how many status messages and dispense uploads it sent (counts only)', 'Its installed software and the jobs run on it'],
  },
};

/** What no device collects and the console never stores (docs/PRIVACY.md 'Private zones'). */
export const NOT_COLLECTED: readonly string[] = [
  'No audio and no video',
  'No GPS and no position outdoors: presence is only a room or a bed, seen through a beacon indoors',
  'No presence at all in a private zone (a breakroom, a restroom): such events are dropped when they arrive',
];

/** How long a stored kind is kept: for the organization's retention days, or kept. */
export const KEEPING = ['RETENTION', 'KEPT'] as const;
export type Keeping = (typeof KEEPING)[number];

export interface StoredKindEntry {
  label: string;
  what: string;
  keeping: Keeping;
}

/** Every kind of stored data, raw and derived, with how long it is kept (db/schema-events.ts, docs/PRIVACY.md 'Retention'). */
export const STORED_KINDS = {
  PRESENCE: { label: 'Room presence', what: 'A wearer entering or leaving a room (presence_events)', keeping: 'RETENTION' },
  BED: { label: 'Bed proximity', what: 'A wearer coming near a bed or moving away (bed_events)', keeping: 'RETENTION' },
  HYGIENE: { label: 'Hand-hygiene events', what: 'A wash credited to a wearer: a dispenser activation or a wash the wristband detected (hygiene_events)', keeping: 'KEPT' },
  DISPENSE: { label: 'Dispenser activations', what: 'Each activation of a dispenser, with the wearer credited if any (dispense_events)', keeping: 'KEPT' },
  REMINDER: { label: 'Reminders', what: 'A reminder a wristband gave in a reminder zone (reminder_events)', keeping: 'KEPT' },
  COUNTERS: { label: 'Wristband counters', what: 'Steps, distance and calories since the last report (counter_events)', keeping: 'KEPT' },
  HEARTBEAT: { label: 'Heartbeats', what: 'A device saying it is alive, with its battery (heartbeat_events)', keeping: 'KEPT' },
  STATION: { label: 'Charging station events', what: 'A wristband checked out of or into a station slot (station_events)', keeping: 'KEPT' },
  LEDGER: { label: 'Event ledger', what: 'The id, kind and time of every event received, so a replay is not stored twice; never the wearable or the person', keeping: 'KEPT' },
  DERIVED: {
    label: 'Derived figures',
    what: 'Visits and their compliance, bed visits, contacts between wearers, daily and weekly rollups, wear sessions: what the reports read',
    keeping: 'KEPT',
  },
} as const satisfies Record<string, StoredKindEntry>;
export type StoredKind = keyof typeof STORED_KINDS;
export const STORED_KIND_IDS = Object.keys(STORED_KINDS) as StoredKind[];

/** The rules the description states in words (docs/PERMISSIONS.md 'Scope', docs/PRIVACY.md). */
export const PRIVACY_RULES = {
  scope:
    'Everyone sees only the organizations and locations they are given, each with everything under it. A person, device or location outside them is answered as if it did not exist. A template decides which pages a person may open; the scope decides whose data those pages show.',
  ownData: 'Every staff member may open their own hand-hygiene overview and see who viewed their data.',
  purpose:
    'Opening another named person’s figures asks once per person and sign-in why; the read is refused until a purpose is given, and every read keeps its purpose. One’s own figures and a whole unit’s figures ask for none.',
  accessLog:
    'Each person reads who opened their data under My Account → Who viewed my data: when, who and in which role, on which page, and why. It can be exported as CSV.',
  auditTrail:
    'Every read of a person’s data and every change is written to the audit trail, with who did it, when, on which page and for which purpose. The trail is append-only: the database refuses to change or delete its rows. The provider’s employees and each hospital’s administrators read it on the Audit Trail page; reading it is itself recorded.',
  groupOnly: 'The people of a group-only unit are named in the reports only to themselves and to the provider’s employees; everyone else sees professions, units and counts. Contact tracing still names them.',
  noLeaderboards: 'Without leaderboards nobody of the organization, or of those below it, appears in a ranking of people; the other figures stay.',
  retention: 'Raw room and bed presence older than the retention is deleted every day; the figures derived from it stay.',
} as const;

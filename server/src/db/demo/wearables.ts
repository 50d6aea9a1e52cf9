import type { NewDeviceRow, wearableAssignments } from '../schema';
import {
  DEMO_ASSIGNED_FROM,
  DEMO_ASSIGNED_UNTIL,
  DEMO_HISTORY_FROM,
  DEMO_HISTORY_UNTIL,
  demoCode,
  MODEL_IDS,
  STATION_SLOTS,
  STATION_SPARES,
  WRISTBAND_SHARE,
} from './devices-data';
import type { FleetBuilder, SeedDevice } from './devices';
import { SEED_GROUPS } from './hierarchy-data';
import type { Random } from './random';

const DAY_MS = 86_400_000;
const NURSE_USER_NAME = 'nurse@demo.health';
/** One docked staff wristband in this many is not sync-enabled (by its slot). */
const KIOSK_ASSIGNED_EVERY = 4;

/** A department staff member as the wearable seed sees them. */
export interface WearableUser {
  id: number;
  userName: string;
  organizationId: number;
  groupId: number;
  active: boolean;
}

/** A wearable_assignments row with its explicit id. */
export type SeedAssignment = typeof wearableAssignments.$inferInsert & { id: number };

interface WearablesInput {
  fleet: FleetBuilder;
  random: Random;
  /** Department staff, ordered by id. */
  wearers: readonly WearableUser[];
  /** Kiosk gateway of each unit that has a charging station. */
  kiosks: ReadonlyMap<number, SeedDevice>;
  /** Who hands out wearables at a desk (the device technician). */
  assignorId: number | null;
}

const organizationOf = new Map(SEED_GROUPS.map((g) => [g.id, g.organizationId]));

/** A date between two others, on a whole day, mid-afternoon UTC (working hours in both hospitals). */
function dateBetween(random: Random, from: Date, until: Date): Date {
  const days = Math.floor((until.getTime() - from.getTime()) / DAY_MS);
  return new Date(from.getTime() + random.int(0, days) * DAY_MS + random.int(0, 180) * 60_000);
}

/**
 * Creates the staff's wristbands and badges and their assignment history: every active member
 * holds one from a date in DEMO_ASSIGNED_FROM…UNTIL (open-ended); wristbands of units with a
 * charging station sit in its slots (up to 16, two kept spare). Staff who left held one until
 * their departure, now worn by a colleague or lying spare; a few colleagues swapped a badge for
 * their current wearable.
 */
export function buildWearables({ fleet, random, wearers, kiosks, assignorId }: WearablesInput): SeedAssignment[] {
  const assignments: SeedAssignment[] = [];
  const assign = (deviceId: number, userId: number, assignedAt: Date, unassignedAt: Date | null, viaKiosk = false) => {
    assignments.push({
      id: assignments.length + 1,
      deviceId,
      userId,
      assignedAt,
      unassignedAt,
      assignorId: viaKiosk ? null : assignorId,
      assignorType: viaKiosk ? 'KIOSK' : 'USER',
    });
  };

  let codes = 0;
  const kioskOfOrg = new Map([...kiosks].map(([groupId, kiosk]) => [organizationOf.get(groupId), kiosk]));
  const slotsUsed = new Map<number, number>();
  /** A wristband docked at a kiosk is synced (assigned at the kiosk) unless `syncEnabled` says otherwise. */
  const wearable = (
    kind: 'wristband' | 'badge',
    groupId: number,
    kiosk: SeedDevice | undefined,
    { silent = false, syncEnabled = kiosk !== undefined }: { silent?: boolean; syncEnabled?: boolean } = {},
  ) => {
    const code = demoCode(codes++);
    const common: Omit<NewDeviceRow, 'mac' | 'type' | 'name' | 'modelId'> = { groupId, code, role: 'other' };
    return kind === 'wristband'
      ? fleet.add(
          'wristband',
          { ...common, type: 'WRISTBAND', name: `Wristband ${code}`, modelId: MODEL_IDS.zephyr, mode: 'NORMAL', txPower: -30, gatewayId: kiosk?.id ?? null, syncEnabled },
          { silent },
        )
      : fleet.add(
          'badge',
          { ...common, type: 'BADGE', name: `Badge ${code}`, modelId: random.chance(0.6) ? MODEL_IDS.revD : MODEL_IDS.revC, mode: 'PASSIVE', txPower: -18 },
          { silent },
        );
  };

  // Current wearers.
  const current = new Map<number, { device: SeedDevice; user: WearableUser }[]>();
  for (const user of wearers.filter((w) => w.active)) {
    const kind = user.userName === NURSE_USER_NAME || random.chance(WRISTBAND_SHARE) ? 'wristband' : 'badge';
    const kiosk = kind === 'wristband' ? kioskOfOrg.get(user.organizationId) : undefined;
    const used = kiosk ? (slotsUsed.get(kiosk.id) ?? 0) : 0;
    const docked = kiosk && used < STATION_SLOTS - STATION_SPARES ? kiosk : undefined;
    if (docked) slotsUsed.set(docked.id, used + 1);
    // Every fourth docked wristband is handed out from the console's Stations page rather than
    // synced at the kiosk, so each station shows both kinds.
    const device = wearable(kind, user.groupId, docked, { syncEnabled: docked !== undefined && used % KIOSK_ASSIGNED_EVERY !== KIOSK_ASSIGNED_EVERY - 1 });
    assign(device.id, user.id, dateBetween(random, DEMO_ASSIGNED_FROM, DEMO_ASSIGNED_UNTIL), null, docked !== undefined);
    const list = current.get(user.organizationId) ?? [];
    list.push({ device, user });
    current.set(user.organizationId, list);
  }

  // Spare wristbands waiting in each station, not sync-enabled: the console assigns them.
  for (const [groupId, kiosk] of kiosks) {
    for (let i = 0; i < STATION_SPARES; i++) wearable('wristband', groupId, kiosk, { silent: true, syncEnabled: false });
  }

  // Staff who left: their wearable went to a colleague of the department, or back to the shelf.
  const reused = new Set<number>();
  wearers
    .filter((w) => !w.active)
    .forEach((user, i) => {
      const from = dateBetween(random, DEMO_HISTORY_FROM, new Date(DEMO_HISTORY_FROM.getTime() + 90 * DAY_MS));
      const until = new Date(Math.min(from.getTime() + random.int(30, 150) * DAY_MS, DEMO_HISTORY_UNTIL.getTime()));
      const colleague = i % 2 === 0 ? current.get(user.organizationId)?.find((c) => !reused.has(c.device.id)) : undefined;
      if (colleague) {
        reused.add(colleague.device.id);
        assign(colleague.device.id, user.id, from, until);
      } else {
        const device = wearable(random.chance(WRISTBAND_SHARE) ? 'wristband' : 'badge', user.groupId, undefined, { silent: true });
        assign(device.id, user.id, from, until);
      }
    });

  // A few current wearers wore a badge before; the badge now lies spare.
  const swappers = wearers.filter((w) => w.active).filter((_, i) => i % 37 === 11);
  for (const user of swappers) {
    const device = wearable('badge', user.groupId, undefined, { silent: true });
    const from = dateBetween(random, DEMO_HISTORY_FROM, new Date(DEMO_HISTORY_FROM.getTime() + 60 * DAY_MS));
    assign(device.id, user.id, from, dateBetween(random, new Date(from.getTime() + 60 * DAY_MS), DEMO_HISTORY_UNTIL));
  }
  return assignments;
}

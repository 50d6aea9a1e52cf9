import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../client';
import { nfcAssignEvents, nfcTags, users } from '../schema';
import { SEED_GROUPS } from './hierarchy-data';
import { createRandom, type Random } from './random';

const SEED = 20_260_202;
const DAY_MS = 86_400_000;
const TECH_USER_NAME = 'tech@demo.health';
const NURSE_USER_NAME = 'nurse@demo.health';

/** Departments that moved to NFC sign-in at their stations: St. Mary's ICU and Emergency, Riverside ICU and Oncology. */
export const NFC_DEMO_DEPARTMENTS: readonly number[] = [5, 6, 9, 11];
/** Share of a department's active staff who hold a tag. */
const HOLDER_SHARE = 1 / 3;
/** Unassigned tags kept at each unit, and deactivated (lost or broken) ones. */
const SPARES_PER_UNIT = 2;
const INACTIVE_PER_DEPARTMENT = 2;
/** The roll-out: tags were registered from here, and current holders got theirs by ROLLOUT_UNTIL. */
const ROLLOUT_FROM = new Date('2025-11-03T15:00:00Z');
const ROLLOUT_UNTIL = new Date('2026-06-29T15:00:00Z');

const HEX = '0123456789ABCDEF';
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

interface Member {
  id: number;
  userName: string;
  organizationId: number;
  groupId: number;
  active: boolean;
}

interface SeedTag {
  nfcId: string;
  nfcShortId: string;
  groupId: number;
  userId: number | null;
  active: boolean;
  createdAt: Date;
  /** Who held it and when, oldest first; userId null is an unassignment. */
  events: { userId: number | null; at: Date }[];
}

const chars = (random: Random, alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[random.int(0, alphabet.length - 1)]).join('');

/** A date between two others, on a whole day, in working hours. */
function dateBetween(random: Random, from: Date, until: Date): Date {
  const days = Math.floor((until.getTime() - from.getTime()) / DAY_MS);
  return new Date(from.getTime() + random.int(0, days) * DAY_MS + random.int(0, 240) * 60_000);
}

/**
 * The NFC tags of the demo departments, deterministically: about a third of the active staff hold
 * one (the demo nurse always does), some handed on from a colleague who left; each unit keeps a
 * couple of unassigned spares, and each department a few deactivated tags whose last holder
 * reported them lost. Tag ids look like NTAG UIDs: 14 hex characters starting with the NXP
 * manufacturer byte 04, plus a 7-character short id.
 */
export function buildNfcTags(random: Random, members: readonly Member[]): SeedTag[] {
  const used = new Set<string>();
  const tag = (groupId: number, createdAt: Date): SeedTag => {
    let nfcId = `04${chars(random, HEX, 12)}`;
    while (used.has(nfcId)) nfcId = `04${chars(random, HEX, 12)}`;
    used.add(nfcId);
    return { nfcId, nfcShortId: chars(random, ALPHANUMERIC, 7), groupId, userId: null, active: true, createdAt, events: [] };
  };
  const tags: SeedTag[] = [];
  for (const organizationId of NFC_DEMO_DEPARTMENTS) {
    const staff = members.filter((m) => m.organizationId === organizationId);
    const departed = staff.filter((m) => !m.active);
    const holders = new Set<number>();
    for (const member of staff.filter((m) => m.active)) {
      if (member.userName !== NURSE_USER_NAME && !random.chance(HOLDER_SHARE)) continue;
      const createdAt = dateBetween(random, ROLLOUT_FROM, new Date(ROLLOUT_FROM.getTime() + 30 * DAY_MS));
      const t = tag(member.groupId, createdAt);
      const previous = random.chance(0.4) ? departed.shift() : undefined;
      if (previous) {
        const handedOn = dateBetween(random, new Date(createdAt.getTime() + 45 * DAY_MS), ROLLOUT_UNTIL);
        t.events.push({ userId: previous.id, at: new Date(createdAt.getTime() + random.int(10, 120) * 60_000) });
        t.events.push({ userId: member.id, at: handedOn });
      } else {
        t.events.push({ userId: member.id, at: dateBetween(random, createdAt, ROLLOUT_UNTIL) });
      }
      t.userId = member.id;
      holders.add(member.id);
      tags.push(t);
    }
    const units = SEED_GROUPS.filter((g) => g.organizationId === organizationId);
    for (const unit of units) {
      for (let i = 0; i < SPARES_PER_UNIT; i++) tags.push(tag(unit.id, dateBetween(random, ROLLOUT_FROM, ROLLOUT_UNTIL)));
    }
    for (let i = 0; i < INACTIVE_PER_DEPARTMENT; i++) {
      const unit = random.pick(units);
      const t = tag(unit.id, dateBetween(random, ROLLOUT_FROM, new Date(ROLLOUT_FROM.getTime() + 30 * DAY_MS)));
      // Its last holder reported it lost and has not picked up a new one yet.
      const lastHolder = random.pick(staff.filter((m) => m.active && !holders.has(m.id)));
      holders.add(lastHolder.id);
      const assigned = dateBetween(random, t.createdAt, new Date(t.createdAt.getTime() + 60 * DAY_MS));
      t.events.push({ userId: lastHolder.id, at: assigned }, { userId: null, at: dateBetween(random, new Date(assigned.getTime() + 14 * DAY_MS), ROLLOUT_UNTIL) });
      t.active = false;
      tags.push(t);
    }
  }
  return tags;
}

/** Seeds the demo's NFC tags and their assign events (by the device technician). Runs after seedUsers. */
export async function seedNfcTags(db: Database): Promise<void> {
  const members = (await db
    .select({ id: users.id, userName: users.userName, organizationId: users.organizationId, groupId: users.groupId, active: users.active })
    .from(users)
    .where(and(inArray(users.organizationId, [...NFC_DEMO_DEPARTMENTS]), isNotNull(users.groupId)))
    .orderBy(asc(users.id))) as Member[];
  const [tech] = await db.select({ id: users.id }).from(users).where(eq(users.userName, TECH_USER_NAME));
  const assignorId = tech?.id ?? null;
  const tags = buildNfcTags(createRandom(SEED), members);
  if (tags.length === 0) return;

  const inserted = await db
    .insert(nfcTags)
    .values(
      tags.map((t) => ({
        nfcId: t.nfcId,
        nfcShortId: t.nfcShortId,
        groupId: t.groupId,
        userId: t.userId,
        active: t.active,
        createdBy: assignorId,
        updatedBy: assignorId,
        createdAt: t.createdAt,
        updatedAt: t.events.at(-1)?.at ?? t.createdAt,
      })),
    )
    .returning({ id: nfcTags.id, nfcId: nfcTags.nfcId });
  const idOf = new Map(inserted.map((r) => [r.nfcId, r.id]));
  const events = tags
    .flatMap((t) => {
      const tagId = idOf.get(t.nfcId);
      if (tagId === undefined) throw new Error(`seeded NFC tag ${t.nfcId} has no id`);
      return t.events.map((e) => ({ tagId, userId: e.userId, assignorId, createdAt: e.at }));
    })
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.tagId - b.tagId);
  if (events.length > 0) await db.insert(nfcAssignEvents).values(events);
}

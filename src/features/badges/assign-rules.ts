import type { BadgeRow } from './badge-rows';
import type { BadgeUser } from './outbox-handlers';

/** One line of the Assign dialog: a selected badge and the user staged for it, if any. */
export interface StagedPair {
  device: BadgeRow;
  user: BadgeUser | null;
}

/** Users are staged in order: the i-th staged user goes to the i-th selected badge. */
export function pairUp(devices: readonly BadgeRow[], staged: readonly BadgeUser[]): StagedPair[] {
  return devices.map((device, index) => ({ device, user: staged[index] ?? null }));
}

/** More users may be staged while some selected badge has none (users never outnumber badges). */
export function canStageMore(devices: readonly BadgeRow[], staged: readonly BadgeUser[]): boolean {
  return staged.length < devices.length;
}

/** Stages a user, unless they are staged already or every badge has one. */
export function stageUser(devices: readonly BadgeRow[], staged: readonly BadgeUser[], user: BadgeUser): BadgeUser[] {
  if (!canStageMore(devices, staged) || staged.some((u) => u.id === user.id)) return [...staged];
  return [...staged, user];
}

/** The pick list: users not staged yet. */
export function pickableUsers<U extends { id: number }>(users: readonly U[], staged: readonly BadgeUser[]): U[] {
  const taken = new Set(staged.map((u) => u.id));
  return users.filter((u) => !taken.has(u.id));
}

/** The pairs that will be sent: badges with a staged user. */
export function pairsToSend(pairs: readonly StagedPair[]): { device: BadgeRow; user: BadgeUser }[] {
  return pairs.flatMap(({ device, user }) => (user ? [{ device, user }] : []));
}

/** How many of the pairs take a badge from someone who holds it now. */
export function reassignCount(pairs: readonly StagedPair[]): number {
  return pairsToSend(pairs).filter(({ device, user }) => device.user !== null && device.user.id !== user.id).length;
}

/** The Re-assign? question (03 §5 'Assign badges', word for word). */
export function reassignMessage(count: number): string {
  return `This action will overwrite the assignment on ${count} wristband(s)`;
}

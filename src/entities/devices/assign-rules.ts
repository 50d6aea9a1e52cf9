import type { WearableUser } from './wearable-unassign';

/** A wearable as the Assign dialog shows it: the selected badge or wristband and who holds it now. */
export interface AssignableWearable {
  /** Null for a badge added on this device that the server does not have yet. */
  id: number | null;
  mac: string;
  /** The check-in code, when it has one. */
  code: string | null;
  user: WearableUser | null;
}

/** One line of the Assign dialog: a selected wearable and the user staged for it, if any. */
export interface StagedPair {
  device: AssignableWearable;
  user: WearableUser | null;
}

/** True for no location or the top of the hierarchy, where wearables cannot be assigned. */
export function isTopLevel(groupId: number | null, groups: readonly { id: number; parentId: number | null }[]): boolean {
  if (groupId === null) return true;
  return (groups.find((g) => g.id === groupId)?.parentId ?? null) === null;
}

/** Users are staged in order: the i-th staged user goes to the i-th selected wearable. */
export function pairUp(devices: readonly AssignableWearable[], staged: readonly WearableUser[]): StagedPair[] {
  return devices.map((device, index) => ({ device, user: staged[index] ?? null }));
}

/** More users may be staged while some selected wearable has none (users never outnumber wearables). */
export function canStageMore(devices: readonly AssignableWearable[], staged: readonly WearableUser[]): boolean {
  return staged.length < devices.length;
}

/** Stages a user, unless they are staged already or every wearable has one. */
export function stageUser(devices: readonly AssignableWearable[], staged: readonly WearableUser[], user: WearableUser): WearableUser[] {
  if (!canStageMore(devices, staged) || staged.some((u) => u.id === user.id)) return [...staged];
  return [...staged, user];
}

/** The pick list: users not staged yet. */
export function pickableUsers<U extends { id: number }>(users: readonly U[], staged: readonly WearableUser[]): U[] {
  const taken = new Set(staged.map((u) => u.id));
  return users.filter((u) => !taken.has(u.id));
}

/** The pairs that will be sent: wearables with a staged user. */
export function pairsToSend(pairs: readonly StagedPair[]): { device: AssignableWearable; user: WearableUser }[] {
  return pairs.flatMap(({ device, user }) => (user ? [{ device, user }] : []));
}

/** How many of the pairs take a wearable from someone who holds it now. */
export function reassignCount(pairs: readonly StagedPair[]): number {
  return pairsToSend(pairs).filter(({ device, user }) => device.user !== null && device.user.id !== user.id).length;
}

/** The Re-assign? question (word for word: it says wristbands for either kind). */
export function reassignMessage(count: number): string {
  return `This action will overwrite the assignment on ${count} wristband(s)`;
}

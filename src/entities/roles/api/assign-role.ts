import { roleEndpoints, TEMPLATE_ASSIGN_BATCH, type AssignRoleResponse } from '@contracts/roles';
import { mainApi } from '@/lib/api-client';

/** PATCH /users/{id} {roleId}: gives one user a template. */
export function assignRole(userId: number, roleId: number): Promise<AssignRoleResponse> {
  return mainApi.call(roleEndpoints.assign, { params: { id: userId }, body: { roleId } });
}

export interface AssignOutcome {
  assigned: number[];
  failed: { userId: number; message: string }[];
}

/**
 * Gives every user the template, 25 at a time: a batch's calls run together and the
 * next batch starts when they have all answered; `onProgress` hears how many have answered.
 */
export async function assignInBatches(
  userIds: readonly number[],
  roleId: number,
  onProgress: (done: number) => void,
  assign: (userId: number, roleId: number) => Promise<unknown> = assignRole,
): Promise<AssignOutcome> {
  const outcome: AssignOutcome = { assigned: [], failed: [] };
  for (let start = 0; start < userIds.length; start += TEMPLATE_ASSIGN_BATCH) {
    const batch = userIds.slice(start, start + TEMPLATE_ASSIGN_BATCH);
    const results = await Promise.allSettled(batch.map((id) => assign(id, roleId)));
    results.forEach((result, i) => {
      const userId = batch[i]!;
      if (result.status === 'fulfilled') outcome.assigned.push(userId);
      else outcome.failed.push({ userId, message: result.reason instanceof Error ? result.reason.message : String(result.reason) });
    });
    onProgress(start + batch.length);
  }
  return outcome;
}

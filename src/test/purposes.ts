import { vi } from 'vitest';
import { privacyEndpoints, type StatedPurposes } from '@contracts/privacy';
import { mainApi } from '@/lib/api-client';

/** The purposes of this sign-in as the server lists them: one for each person given. */
export const statedFor = (...personUserIds: number[]): StatedPurposes => ({
  data: personUserIds.map((personUserId) => ({ personUserId, purpose: 'COACHING', note: null, at: '2026-12-07T08:00:00.000Z' })),
});

/**
 * Answers GET /privacy/purposes with purposes stated for these people (docs/PRIVACY.md 'A purpose
 * first'), every other call as before: a page then shows their figures without asking why.
 */
export function purposesStatedFor(...personUserIds: number[]) {
  const original = mainApi.call.bind(mainApi);
  return vi.spyOn(mainApi, 'call').mockImplementation(((spec: { method: string; path: string }, input: unknown) =>
    spec.method === 'GET' && spec.path === privacyEndpoints.purposes.path ? Promise.resolve(statedFor(...personUserIds)) : original(spec as never, input as never)) as typeof mainApi.call);
}

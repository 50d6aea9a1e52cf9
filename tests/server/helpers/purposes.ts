import type { AccessPurpose } from '../../../server/src/contracts/privacy';
import type { createTestApp } from './app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/**
 * States the caller's purpose for a person in this sign-in (docs/PRIVACY.md 'A purpose first'),
 * as the app does before it opens their figures; answers the status.
 */
export async function statePurpose(app: TestApp, idToken: string, personUserId: number, purpose: AccessPurpose = 'COACHING', note?: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/privacy/purposes',
    headers: { authorization: idToken, 'content-type': 'application/json' },
    payload: JSON.stringify({ personUserId, purpose, ...(note === undefined ? {} : { note }) }),
  });
  return res.statusCode;
}

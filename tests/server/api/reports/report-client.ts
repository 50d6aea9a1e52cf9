import type { createTestApp } from '../../helpers/app';
import { statePurpose } from '../../helpers/purposes';

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

/** GET a report as the holder of `idToken`; id lists are sent comma-separated. */
export async function getReport(app: TestApp, idToken: string, path: string, query: Record<string, string | number | number[] | boolean | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const res = await app.inject({ method: 'GET', url: `/api/${path}?${params}`, headers: { authorization: idToken } });
  return { status: res.statusCode, body: res.json() };
}

/**
 * GET a report about one person (`userId`) as the app opens it: the caller first states why, once
 * per person and sign-in (docs/PRIVACY.md 'A purpose first'); a person out of the caller's reach
 * is refused there and then answered 404 by the report itself.
 */
export async function getPersonalReport(app: TestApp, idToken: string, path: string, query: Record<string, string | number | number[] | boolean | undefined>) {
  if (typeof query.userId === 'number') await statePurpose(app, idToken, query.userId, 'DATA_QUALITY');
  return getReport(app, idToken, path, query);
}

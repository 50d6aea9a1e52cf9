import type { Tokens } from '../../helpers/app';
import type { createTestApp } from '../../helpers/app';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/** The demo organizations the template tests are about. */
export const ORG = { provider: 1, network: 2, stMarys: 3, riverside: 4, stMarysIcu: 5 } as const;
/** The demo's own template of St. Mary's. */
export const CHARGE_NURSE = 5;

/** One call to the main API as the holder of `tokens`. */
export async function call(app: App, tokens: Tokens, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) {
  const res = await app.inject({
    method,
    url: `/api${url}`,
    headers: { authorization: tokens.idToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { message?: string } };
}

/** GET /api/v2/users/me: the subjects the holder of `tokens` has now. */
export async function subjectsNow(app: App, tokens: Tokens): Promise<{ roleId: number; subjects: string[] }> {
  const res = await app.inject({ method: 'GET', url: '/api/v2/users/me', headers: { version: '2', authorization: `Bearer ${tokens.accessToken}` } });
  const body = res.json<{ role: { id: number; permissions: { subject: string }[] } }>();
  return { roleId: body.role.id, subjects: body.role.permissions.map((p) => p.subject).sort() };
}

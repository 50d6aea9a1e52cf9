import type { createTestApp } from '../../helpers/app';

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

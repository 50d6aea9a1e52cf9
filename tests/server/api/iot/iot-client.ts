import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createScopedAccount } from '../../helpers/scoped-account';
import { thingHeaders } from '../../helpers/iot-samples';

// What the IoT tests share: the app, the admin, a provider technician whose scope is Riverside
// only (St. Mary's things and jobs are another organization's), and calls as a user or a thing.

export const ICU_NORTH = 6;
export const ICU_SOUTH = 7;
const RIVERSIDE_ORG = 4;
const PROVIDER_ORG = 1;

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;
export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

export const auth = (tokens: Tokens): Headers => ({ authorization: tokens.idToken });

export async function iotContext() {
  const ctx = await createTestApp();
  const admin = auth(await signIn('admin@demo.health'));
  const { tokens } = await createScopedAccount(ctx.db, {
    subjects: ['GATEWAYS', 'DEVICES_AND_ZONES'],
    groupIds: [],
    managedOrganizationIds: [RIVERSIDE_ORG],
    organizationId: PROVIDER_ORG,
    label: 'iot-riverside',
  });
  const riverside = auth(tokens);

  async function call<T = unknown>(headers: Headers, method: Method, url: string, body?: unknown, query?: Record<string, string | string[]>) {
    const res = await ctx.app.inject({ method, url: `/api/${url}`, headers, query, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: res.statusCode, body: res.json<T>() };
  }
  const asThing = (awsId: string) => thingHeaders(awsId);
  return { ctx, admin, riverside, call, asThing };
}

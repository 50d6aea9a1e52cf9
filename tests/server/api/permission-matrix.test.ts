import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ACCESS, passesAny, type AppPage } from '../../../server/src/contracts/page-access';
import { PERMISSION_SUBJECTS, PROVIDER_ORGANIZATION_ID, type AccountType, type PermissionSubject } from '../../../server/src/contracts/permissions';
import { operationsChannel } from '../../../server/src/contracts/operations';
import { SERVER_CHANNEL } from '../../../server/src/contracts/realtime';
import { gatewayCommandChannel } from '../../../server/src/contracts/stations-realtime';
import { ABOVE_CALLER_MESSAGE } from '../../../server/src/contracts/users-admin';
import { emailSubscriptions, nfcTags, users, wearableAssignments } from '../../../server/src/db/schema';
import { DEMO_GROUP_IDS, DEMO_ORG_IDS } from '../../../server/src/db/seed';
import type { PageUse, RouteAccess } from '../../../server/src/core/access';
import type { RegisteredRoute } from '../../../server/src/plugins/route-registry';
import { createTestApp, signIn, type Tokens } from '../helpers/app';
import { createScopedAccount, SCOPED_PASSWORD } from '../helpers/scoped-account';
import { createPeer, PEER_PASSWORD } from '../helpers/peers';
import {
  ACTING_SAMPLES,
  ENDS_SIGN_IN,
  loadSampleIds,
  resolveActingSample,
  resolveSample,
  routeKey,
  toInject,
  type SampleCaller,
  type SampleIds,
} from '../helpers/route-samples';

// The permission matrix (docs/PERMISSIONS.md): every registered route, and every channel, called
// as the admin, the manager, the nurse, the technician, another hospital's administrator and
// nobody, against the table in the docs. The table is read from the docs, so they cannot drift
// from what the server does.

const DOCS = readFileSync(new URL('../../../docs/PERMISSIONS.md', import.meta.url), 'utf8');

/** The rows between `<!-- {name}:start -->` and `<!-- {name}:end -->`, each as its cells. */
function tableOf(name: string): [string, string, ...string[]][] {
  const body = DOCS.split(`<!-- ${name}:start -->`)[1]?.split(`<!-- ${name}:end -->`)[0];
  if (!body) throw new Error(`docs/PERMISSIONS.md has no ${name}`);
  return body
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Route') && !line.startsWith('| Channel') && !line.startsWith('|---'))
    .map((line) => line.split('|').map((cell) => cell.trim()).slice(1, -1) as [string, string, ...string[]]);
}

/** A 'who' cell as the route's config would declare it. */
function accessOf(who: string): RouteAccess {
  if (who === 'public' || who === 'gateway' || who === 'thing' || who === 'signed-in') return who;
  return {
    pages: who.split(',').map((item): PageUse => {
      const [, page, subjects] = /^([\w/-]+)(?:\[([\w,\s]+)\])?$/.exec(item.trim()) ?? [];
      if (!page || !(`/app/${page}` in PAGE_ACCESS)) throw new Error(`docs/PERMISSIONS.md names an unknown page: ${item}`);
      const use: PageUse = { page: `/app/${page}` as AppPage };
      return subjects ? { ...use, subjects: subjects.split(/\s*,\s*/) as PermissionSubject[] } : use;
    }),
  };
}

const TABLE = new Map(tableOf('permission-table').map(([route, who]) => [route, accessOf(who)]));

/** Comparable form of a declared rule: page uses sorted. */
const normalized = (access: RouteAccess | undefined) =>
  typeof access === 'object' ? { pages: [...access.pages].map((u) => JSON.stringify({ page: u.page, subjects: u.subjects })).sort() } : access;

/**
 * What the handler checks beyond the route's rule, for the matrix's sample: set-password's sample
 * sets another user's password, which needs the Users page (docs/PERMISSIONS.md 'Decisions').
 */
const ACTING_ON_ANOTHER_USER: Record<string, AppPage[]> = { 'PUT /api/users/set-password': ['/app/accounts/users'] };

/** What the handler checks beyond the route's pages, for the matrix's sample: a users export of type 'users' needs the Users page. */
const SAMPLE_PAGES: Record<string, AppPage[]> = { 'POST /api/users/export': ['/app/accounts/users'] };

/** Who may join a location's operations channel. */
const OPERATIONS_CHANNEL_PAGES: AppPage[] = ['/app/maintenance/beacon-operations', '/app/maintenance/dispenser-operations', '/app/maintenance/wristbands', '/app/maintenance/badges'];

/** Routes the handler keeps for employees (users of the provider organization; docs/PERMISSIONS.md 'Decisions'). */
const EMPLOYEES_ONLY: ReadonlySet<string> = new Set(['POST /api/data-exports']);

/** Routes the handler keeps for holders of the Administrator template (id 1; docs/PERMISSIONS.md 'Decisions'). */
const TEMPLATE_ONE_ONLY: ReadonlySet<string> = new Set(['POST /api/roles', 'PATCH /api/roles/:id', 'GET /api/users/permissions']);

/**
 * Routes whose sample names a user but which change no one already there: they create users,
 * act on the caller alone, or read (docs/PERMISSIONS.md 'Acting on another user').
 */
const READS_OR_CREATES_USERS: ReadonlySet<string> = new Set([
  'POST /api/users',
  'POST /api/users/bulk',
  'POST /api/users/export',
  'POST /api/users/user-verify-email',
  // A crash report records who posted it from the token, whatever `userId` says, and changes no user.
  'POST /api/client-errors',
  'POST /api/client-errors/anonymous',
  // An observation names the person observed and changes no user (docs/PERMISSIONS.md 'Observation audits').
  'POST /api/audits/observations',
]);

interface MatrixCaller extends SampleCaller {
  name: string;
  subjects: ReadonlySet<PermissionSubject>;
  accountType: AccountType;
  isEmployee: boolean;
  roleId: number;
}

describe('the permission matrix', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let ids: SampleIds;
  let routes: RegisteredRoute[];
  let callers: MatrixCaller[];

  beforeAll(async () => {
    ctx = await createTestApp();
    routes = [...ctx.app.registeredRoutes()];
    ids = await loadSampleIds(ctx.db, 'permission-matrix');
    const demo = async (key: string, accountType: AccountType): Promise<MatrixCaller> => {
      const userName = `${key}@demo.health`;
      const tokens = await signIn(userName);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/v2/users/me', headers: { version: '2', authorization: `Bearer ${tokens.accessToken}` } });
      const body = me.json<{ id: number; role: { id: number; permissions: { subject: PermissionSubject }[] } }>();
      // An employee is a user of the provider organization (the /me answer does not carry it).
      const [row] = await ctx.db.select({ organizationId: users.organizationId }).from(users).where(eq(users.id, body.id));
      const isEmployee = row?.organizationId === PROVIDER_ORGANIZATION_ID;
      return { name: key, userName, userId: body.id, tokens, accountType, isEmployee, roleId: body.role.id, subjects: new Set(body.role.permissions.map((p) => p.subject)) };
    };
    // Riverside is a BASIC account: its administrator holds every subject but only BASIC's pages, and only Riverside.
    const other = await createScopedAccount(ctx.db, {
      organizationId: DEMO_ORG_IDS.riverside,
      subjects: PERMISSION_SUBJECTS,
      groupIds: [],
      managedOrganizationIds: [DEMO_ORG_IDS.riverside],
      label: 'riverside-admin',
    });
    callers = [
      await demo('admin', 'LAVO'),
      await demo('manager', 'PRO'),
      await demo('nurse', 'BASIC'),
      await demo('tech', 'LAVO'),
      { name: 'other hospital', userName: other.user.userName, userId: other.user.id, tokens: other.tokens, accountType: 'BASIC', isEmployee: false, roleId: other.user.roleId, subjects: new Set(PERMISSION_SUBJECTS) },
    ];
  });
  afterAll(() => ctx.close());

  it('lists every registered route in docs/PERMISSIONS.md with the rule the route declares, and nothing else', () => {
    const registered = new Map(routes.map((r) => [routeKey(r), normalized(r.config.access)]));
    expect([...registered.keys()].filter((key) => !TABLE.has(key)), 'routes missing from docs/PERMISSIONS.md').toEqual([]);
    expect([...TABLE.keys()].filter((key) => !registered.has(key)), 'documented routes that are not registered').toEqual([]);
    for (const [key, declared] of registered) expect(declared, key).toEqual(normalized(TABLE.get(key)));
  });

  /** Whether the table lets `caller` through the route (and its handler's check for the matrix's sample). */
  function allowed(key: string, caller: MatrixCaller): boolean {
    const access = TABLE.get(key);
    if (access === 'public' || access === 'signed-in') return ACTING_ON_ANOTHER_USER[key] ? passes(ACTING_ON_ANOTHER_USER[key], caller) : true;
    if (access === 'gateway' || access === 'thing' || access === undefined) return false;
    if (EMPLOYEES_ONLY.has(key) && !caller.isEmployee) return false;
    if (SAMPLE_PAGES[key] && !passes(SAMPLE_PAGES[key], caller)) return false;
    if (TEMPLATE_ONE_ONLY.has(key) && caller.roleId !== 1) return false;
    return passesAny(access.pages.map((u) => ({ ...PAGE_ACCESS[u.page], subjects: u.subjects ?? PAGE_ACCESS[u.page].subjects })), caller.subjects, caller.accountType, caller.isEmployee);
  }
  /** Whether the caller may use one of the pages: a subject, the account type, and for the provider's pages (Server Logs) an employee. */
  const passes = (pages: AppPage[], caller: MatrixCaller) => passesAny(pages.map((p) => PAGE_ACCESS[p]), caller.subjects, caller.accountType, caller.isEmployee);

  /** A caller whose sign-in is thrown away after one call (sign-out revokes it). */
  async function disposable(caller: MatrixCaller): Promise<MatrixCaller> {
    const password = caller.name === 'other hospital' ? SCOPED_PASSWORD : 'Demo!2345';
    return { ...caller, tokens: await signIn(caller.userName, password) };
  }

  it('answers every route as the table says to every caller, and 401 to nobody', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const key = routeKey(route);
      const access = TABLE.get(key);
      for (const caller of callers) {
        const as = ENDS_SIGN_IN.has(key) ? await disposable(caller) : caller;
        const sample = resolveSample(route, ids, as);
        const device = access === 'gateway' || access === 'thing';
        if (device) {
          // A user's token is not a gateway's, nor a thing's.
          const { ['x-gateway-mac']: _mac, ['x-thing-id']: _thing, ...headers } = sample.headers;
          sample.headers = { ...headers, authorization: as.tokens.idToken };
        }
        const res = await ctx.app.inject(toInject(route, sample));
        const ok = allowed(key, caller);
        const refused = device ? res.statusCode === 401 : res.statusCode === 403;
        if (ok ? res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500 : !refused) {
          wrong.push(`${key} as ${caller.name}: ${res.statusCode} (expected ${ok ? 'allowed' : 'refused'}) ${res.body.slice(0, 160)}`);
        }
      }
      const anonymous = resolveSample(route, ids, callers[0]!);
      const { authorization: _token, ['x-gateway-mac']: _mac, ['x-thing-id']: _thing, ...headers } = anonymous.headers;
      const res = await ctx.app.inject(toInject(route, { ...anonymous, headers }));
      const expected = access === 'public' ? res.statusCode < 400 : res.statusCode === 401;
      if (!expected) wrong.push(`${key} without a token: ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('lets another hospital’s administrator see nothing of St. Mary’s through a route their pages grant', async () => {
    const other = callers.find((c) => c.name === 'other hospital')!;
    const leaks: string[] = [];
    for (const route of routes) {
      const key = routeKey(route);
      const access = TABLE.get(key);
      if (typeof access !== 'object' || !allowed(key, other) || route.method !== 'GET') continue;
      // The same request naming rows that do not exist must answer the same: St. Mary's rows are as absent.
      const sample = resolveSample(route, ids, other);
      const absent = withAbsentIds(sample);
      const [real, fake] = [await ctx.app.inject(toInject(route, sample)), await ctx.app.inject(toInject(route, absent))];
      if (real.statusCode !== fake.statusCode || (real.statusCode < 300 && real.body !== fake.body)) {
        leaks.push(`${key}: ${real.statusCode} ${real.body.slice(0, 200)} vs ${fake.statusCode} ${fake.body.slice(0, 200)}`);
      }
    }
    expect(leaks).toEqual([]);
  }, 300_000);

  it('refuses every route that acts on a user to a caller below that user, changing nothing', async () => {
    const rows = tableOf('acting-table').map(([route, , rule]) => ({ route, rule: rule as 'account' | 'wearable' | 'figures' }));
    expect(rows.map((r) => r.route).sort(), 'docs/PERMISSIONS.md acting-table against ACTING_SAMPLES').toEqual(Object.keys(ACTING_SAMPLES).sort());
    expect(rows.filter((r) => r.rule !== 'account' && r.rule !== 'wearable' && r.rule !== 'figures')).toEqual([]);
    // Every other route that names a user in its path or body only reads one, or creates one.
    const namesUser = (route: RegisteredRoute) => {
      if (route.method === 'GET' || route.url.startsWith('/api/gateways') || route.url.startsWith('/api/things')) return false;
      const sample = resolveSample(route, ids, callers[0]!);
      const keys = JSON.stringify(sample.body ?? null).match(/"(userId|username|Username)":/g) ?? [];
      return /\/users\/:id/.test(route.url) || keys.length > 0;
    };
    const unlisted = routes.filter(namesUser).map(routeKey).filter((key) => !(key in ACTING_SAMPLES) && !READS_OR_CREATES_USERS.has(key));
    expect(unlisted, 'routes naming a user that are neither in the acting-table nor known to only read or create').toEqual([]);

    const manager = callers.find((c) => c.name === 'manager')!;
    // Wearables are a technician's to hand out: one who looks after St. Mary's alone.
    const stMarysTech = await createScopedAccount(ctx.db, {
      subjects: ['STATIONS', 'BADGES', 'NFC_TAGS'],
      groupIds: [DEMO_GROUP_IDS.stMarys],
      label: 'matrix-technician',
    });
    const technician = { userId: stMarysTech.user.id, userName: stMarysTech.user.userName, tokens: stMarysTech.tokens };
    const aboveByReach = await createPeer(ctx.db, { label: 'matrix-peer-network', reach: 'network' });
    const aboveByTemplate = await createPeer(ctx.db, { label: 'matrix-peer-template', reach: 'hospital', template: 'administrator' });
    const byId = new Map(routes.map((r) => [routeKey(r), r]));
    const wrong: string[] = [];
    for (const { route: key, rule } of rows) {
      const route = byId.get(key)!;
      // A decision on a disputed opportunity is the Compliance Report's, which the manager holds.
      const caller = rule === 'wearable' ? technician : manager;
      for (const peer of rule === 'account' ? [aboveByReach, aboveByTemplate] : [aboveByReach]) {
        const res = await ctx.app.inject(toInject(route, resolveActingSample(route, ids, caller, peer)));
        // Assigning badges answers each item on its own.
        const message = key === 'POST /api/users/assign-badge' && res.statusCode === 200 ? res.json()[0]?.reason?.message : res.json().message;
        const refused = key === 'POST /api/users/assign-badge' ? res.statusCode === 200 : res.statusCode === 403;
        if (!refused || message !== ABOVE_CALLER_MESSAGE) wrong.push(`${key} on ${peer.userName}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);

    for (const peer of [aboveByReach, aboveByTemplate]) {
      const [row] = await ctx.db.select().from(users).where(eq(users.id, peer.id));
      expect(row).toMatchObject({ firstName: peer.firstName, email: peer.email, active: true, roleId: peer.roleId, pendingEmail: null, picture: null });
      expect(await ctx.db.select().from(wearableAssignments).where(eq(wearableAssignments.userId, peer.id))).toEqual([]);
      expect(await ctx.db.select().from(nfcTags).where(eq(nfcTags.userId, peer.id))).toEqual([]);
      expect(await ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.userId, peer.id))).toEqual([]);
    }
    // Their password is still their own.
    await expect(signIn(aboveByReach.userName, PEER_PASSWORD)).resolves.toMatchObject({ idToken: expect.any(String) });
  }, 120_000);

  it('signs channels as the table says', async () => {
    const channelRows = tableOf('channel-table');
    expect(channelRows.map(([channel]) => channel)).toEqual([
      'private-client-{own user id}',
      'private-server',
      "a gateway's session or command channel",
      'private-operations-{location id}',
      'anything else',
    ]);
    const authorize = async (tokens: Tokens | null, channel: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/pusher/auth',
          headers: tokens ? { authorization: tokens.idToken } : {},
          payload: { socket_id: '1234.5678', channel_name: channel },
        })
      ).statusCode;
    const kioskChannel = gatewayCommandChannel(ids.kiosk.mac);
    const wrong: string[] = [];
    for (const caller of callers) {
      const expectations: [string, boolean][] = [
        [`private-client-${caller.userId}`, true],
        [`private-client-${caller.userId + 1}`, false],
        [SERVER_CHANNEL, passes(['/app/debug/server-logs-report'], caller)],
        // The St. Mary's kiosk: in the scope of the admin and the network's technician only.
        [kioskChannel, passes(['/app/maintenance/stations', '/app/maintenance/gateways'], caller) && ['admin', 'tech'].includes(caller.name)],
        // ICU – 3 North: a St. Mary's location, in the scope of the admin and the network's technician only.
        [operationsChannel(6), passes(OPERATIONS_CHANNEL_PAGES, caller) && ['admin', 'tech'].includes(caller.name)],
        [operationsChannel(2_147_483_000), false],
        ['private-anything-else', false],
        ['presence-client-1', false],
      ];
      for (const [channel, ok] of expectations) {
        const status = await authorize(caller.tokens, channel);
        if (status !== (ok ? 200 : 403)) wrong.push(`${channel} as ${caller.name}: ${status}`);
      }
    }
    expect(await authorize(null, `private-client-${callers[0]!.userId}`)).toBe(401);
    expect(wrong).toEqual([]);
  });
});

const ABSENT_ID = '2147480000';
const ID_KEY = /^(id|[a-z]+Id|[a-z]+Ids)$/;
const CATALOG_KEYS = new Set(['modelId', 'firmwareVersionId', 'professionId']);

/** The sample with every id of a row it names replaced by one no row has. */
function withAbsentIds<S extends ReturnType<typeof resolveSample>>(sample: S): S {
  const params = Object.fromEntries(
    Object.entries(sample.params).map(([k]) => [k, k === 'mac' ? '0E:00:00:00:00:01' : k === 'nfcId' ? 'T0000000000001' : ABSENT_ID]),
  );
  const query = Object.fromEntries(
    Object.entries(sample.query).map(([k, v]) => [k, ID_KEY.test(k) && !CATALOG_KEYS.has(k) ? (Array.isArray(v) ? v.map(() => ABSENT_ID) : ABSENT_ID) : v]),
  );
  return { ...sample, params, query };
}

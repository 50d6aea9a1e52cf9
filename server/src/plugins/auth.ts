import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../contracts/entities';
import type { AccountType, PermissionSubject } from '../contracts/permissions';
import type { Database } from '../db/client';
import type { OrganizationRow, UserRow } from '../db/schema';
import type { UserInfoLookup } from '../identity/user-info';
import type { TokenVerifier } from '../identity/verifier';
import { findUserBySubject, findUserForIdentity, type TokenIdentity } from '../modules/session/caller.repo';
import { loadScope, type Scope } from '../modules/session/scope';
import { findOrganization, findRole } from '../modules/users/users.repo';
import { HttpError } from './errors';

/** The signed-in caller of a request, with what they may do and see. */
export interface Caller {
  user: UserRow;
  /** The caller's own organization (its accountType decides which areas they may use). */
  organization: OrganizationRow;
  /** The caller's permission template with its permissions. */
  role: Role;
  subjects: ReadonlySet<PermissionSubject>;
  /** What the caller may see; loaded on first use, since most routes that only check subjects never need it. */
  scope(): Promise<Scope>;
}

/**
 * How a route authenticates: 'id' (main API: the id token as the Authorization value),
 * 'access' (newer API: 'Bearer' + access token, header Version: 2) or 'public'.
 */
export type AuthMode = 'id' | 'access' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** The caller needs at least one of these permission subjects. */
    subjects?: readonly PermissionSubject[];
    /** The caller's organization must have one of these account types (the route table's column). */
    accountTypes?: readonly AccountType[];
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** Reads the signed-in caller, failing with 401 when a route needs one and there is none. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, 'Unauthorized');
  return request.caller;
}

interface AuthDeps {
  db: Database;
  verifier: TokenVerifier;
  userInfo: UserInfoLookup;
}

/** Verifies the request's token and finds its user. */
async function identify(request: FastifyRequest, mode: 'id' | 'access', deps: AuthDeps): Promise<UserRow | null> {
  const header = request.headers.authorization?.trim();
  if (!header) throw new HttpError(401, 'Missing Authorization header');
  let identity: TokenIdentity;
  let accessToken: string | undefined;
  try {
    if (mode === 'id') {
      // The main API takes the raw id token; tolerate a 'Bearer ' prefix.
      const claims = await deps.verifier.verifyIdToken(header.replace(/^Bearer\s+/i, ''));
      identity = { sub: claims.sub, userName: claims['cognito:username'], email: claims.email };
    } else {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new Error('expected Bearer');
      accessToken = match[1];
      const claims = await deps.verifier.verifyAccessToken(accessToken);
      identity = { sub: claims.sub, userName: claims.username };
    }
  } catch {
    throw new HttpError(401, 'Invalid or expired token');
  }
  if (!accessToken) return findUserForIdentity(deps.db, identity);
  // An access token names only the subject: until the user is linked, ask the provider who it is.
  const linked = await findUserBySubject(deps.db, identity.sub);
  if (linked) return linked;
  const info = await deps.userInfo(accessToken).catch(() => null);
  if (!info) throw new HttpError(401, 'Invalid or expired token');
  return findUserForIdentity(deps.db, { sub: identity.sub, userName: info.username, email: info.email });
}

/** Authenticates every route that declares `config.auth` other than 'public', then checks its subjects. */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const mode = config.auth ?? 'public';
    if (mode === 'public') return;
    if (mode === 'access' && request.headers.version !== '2') {
      throw new HttpError(400, "The newer API needs the header 'Version: 2'");
    }
    const user = await identify(request, mode, deps);
    if (!user) throw new HttpError(401, 'No account matches this sign-in');
    if (!user.active) throw new HttpError(403, 'User account is inactive');
    const [role, organization] = await Promise.all([
      findRole(deps.db, user.roleId),
      findOrganization(deps.db, user.organizationId),
    ]);
    const subjects = new Set(role.permissions.map((p) => p.subject));
    let scope: Promise<Scope> | undefined;
    request.caller = {
      user,
      organization,
      role,
      subjects,
      scope: () => (scope ??= loadScope(deps.db, user.id)),
    };
    const needed = config.subjects;
    if (needed?.length && !needed.some((s) => subjects.has(s))) {
      throw new HttpError(403, 'You do not have permission to do this');
    }
    if (config.accountTypes && !config.accountTypes.includes(organization.accountType)) {
      throw new HttpError(403, 'Your account type does not include this report');
    }
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountType, PermissionSubject } from '../contracts/permissions';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import type { TokenVerifier } from '../identity/verifier';
import { accountTypeOf, findUserForIdentity, subjectsOfTemplate, type TokenIdentity } from '../modules/session/caller.repo';
import { loadScope, type Scope } from '../modules/session/scope';
import { HttpError } from './errors';

/** The signed-in caller of a request, with what they may do and see. */
export interface Caller {
  user: UserRow;
  subjects: ReadonlySet<PermissionSubject>;
  accountType: AccountType;
  scope: Scope;
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

async function identify(request: FastifyRequest, mode: 'id' | 'access', verifier: TokenVerifier): Promise<TokenIdentity> {
  const header = request.headers.authorization?.trim();
  if (!header) throw new HttpError(401, 'Missing Authorization header');
  try {
    if (mode === 'id') {
      // The main API takes the raw id token; tolerate a 'Bearer ' prefix.
      const claims = await verifier.verifyIdToken(header.replace(/^Bearer\s+/i, ''));
      return { sub: claims.sub, userName: claims['cognito:username'], email: claims.email };
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new Error('expected Bearer');
    const claims = await verifier.verifyAccessToken(match[1]);
    return { sub: claims.sub, userName: claims.username };
  } catch {
    throw new HttpError(401, 'Invalid or expired token');
  }
}

/** Authenticates every route that declares `config.auth` other than 'public', then checks its subjects. */
export function registerAuth(app: FastifyInstance, deps: { db: Database; verifier: TokenVerifier }): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const mode = config.auth ?? 'public';
    if (mode === 'public') return;
    if (mode === 'access' && request.headers.version !== '2') {
      throw new HttpError(400, "The newer API needs the header 'Version: 2'");
    }
    const identity = await identify(request, mode, deps.verifier);
    const user = await findUserForIdentity(deps.db, identity);
    if (!user) throw new HttpError(401, 'No account matches this sign-in');
    if (!user.active) throw new HttpError(403, 'User account is inactive');
    const [subjects, accountType, scope] = await Promise.all([
      subjectsOfTemplate(deps.db, user.roleId),
      accountTypeOf(deps.db, user.organizationId),
      loadScope(deps.db, user.id),
    ]);
    request.caller = { user, subjects: new Set(subjects), accountType, scope };
    const needed = config.subjects;
    if (needed?.length && !needed.some((s) => subjects.includes(s))) {
      throw new HttpError(403, 'You do not have permission to do this');
    }
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_INACTIVE_MESSAGE } from '../contracts/session';
import { mayUse, refusalOf } from '../core/access';
import type { TokenSession } from '../core/caller';
import { HttpError } from '../core/http-error';
import { loadScope, type Scope } from '../core/scope';
import type { Database } from '../db/client';
import type { UserRow } from '../db/schema';
import type { TokenVerifier } from '../identity/verifier';
import { findOrganization, findRole, findUserBySubject } from '../modules/users';
import { requireAccessRules } from './access-rules';

// Fills in each request's caller (core/caller.ts) and checks its route's access rule
// (core/access.ts). What it needs of a module other than the entity modules is handed in by
// app.ts (ARCHITECTURE.md 'Layers').

interface AuthDeps {
  db: Database;
  verifier: TokenVerifier;
  /** True when the sign-in was signed out (modules/session owns the list). */
  isSessionRevoked: (sessionId: string) => Promise<boolean>;
}

/** Verifies the request's token as its route's mode asks. */
async function verifyToken(request: FastifyRequest, mode: 'id' | 'access', verifier: TokenVerifier): Promise<TokenSession> {
  const header = request.headers.authorization?.trim();
  if (!header) throw new HttpError(401, 'Missing Authorization header');
  try {
    if (mode === 'id') {
      // The main API takes the raw id token; tolerate a 'Bearer ' prefix.
      const claims = await verifier.verifyIdToken(header.replace(/^Bearer\s+/i, ''));
      const authTime = claims.auth_time === undefined ? null : new Date(claims.auth_time * 1000);
      return { sub: claims.sub, sessionId: claims.origin_jti ?? claims.jti ?? null, authTime, issuedAt: claims.iat ?? null };
    }
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new Error('expected Bearer');
    const claims = await verifier.verifyAccessToken(match[1]);
    return { sub: claims.sub, sessionId: claims.origin_jti ?? claims.jti ?? null, authTime: null, issuedAt: claims.iat ?? null };
  } catch {
    throw new HttpError(401, 'Invalid or expired token');
  }
}

const SIGNED_OUT_MESSAGE = 'This session was signed out. Please sign in again.';

/**
 * True for a token issued before its user was deactivated (or had site access revoked), to the
 * second: reactivating the user does not bring back the sessions they had then. A token that
 * says not when it was issued counts as issued before.
 */
function issuedBeforeSignOut(session: TokenSession, user: UserRow): boolean {
  if (!user.signedOutAt) return false;
  return session.issuedAt === null || session.issuedAt <= Math.floor(user.signedOutAt.getTime() / 1000);
}

/** The user a token names, by its subject alone; a signed-out sign-in or an unknown identity is refused. */
async function identify(request: FastifyRequest, mode: 'id' | 'access', deps: AuthDeps): Promise<{ user: UserRow; session: TokenSession }> {
  const session = await verifyToken(request, mode, deps.verifier);
  const [revoked, user] = await Promise.all([
    session.sessionId ? deps.isSessionRevoked(session.sessionId) : false,
    findUserBySubject(deps.db, session.sub),
  ]);
  if (revoked) throw new HttpError(401, SIGNED_OUT_MESSAGE);
  if (!user) throw new HttpError(403, 'This sign-in has no account here. Ask your administrator for an invitation.');
  return { user, session };
}

/**
 * Authenticates every route that declares `config.auth` other than 'public', then checks its
 * access rule. Routes registered afterwards must each declare one.
 */
export function registerAuth(app: FastifyInstance, deps: AuthDeps): void {
  requireAccessRules(app);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const mode = config.auth ?? 'public';
    if (mode === 'public') return;
    if (mode === 'access' && request.headers.version !== '2') {
      throw new HttpError(400, "The newer API needs the header 'Version: 2'");
    }
    const { user, session } = await identify(request, mode, deps);
    // 401, not 403: a deactivated user (or one whose site access was revoked) is signed out by the
    // app on their next request, rather than kept in a workspace whose every call is refused.
    if (!user.active) throw new HttpError(401, ACCOUNT_INACTIVE_MESSAGE);
    if (issuedBeforeSignOut(session, user)) throw new HttpError(401, SIGNED_OUT_MESSAGE);
    const [role, organization] = await Promise.all([
      findRole(deps.db, user.roleId),
      findOrganization(deps.db, user.organizationId),
    ]);
    const subjects = new Set(role.permissions.map((p) => p.subject));
    let scope: Promise<Scope> | undefined;
    request.caller = {
      user,
      session,
      organization,
      role,
      subjects,
      scope: () => (scope ??= loadScope(deps.db, user.id)),
    };
    const access = config.access;
    if (typeof access === 'object' && !mayUse(request.caller, ...access.pages)) {
      throw new HttpError(403, refusalOf(request.caller, access.pages));
    }
  });
}

import type { FastifyRequest } from 'fastify';
import type { Role } from '../contracts/entities';
import type { PermissionSubject } from '../contracts/permissions';
import type { OrganizationRow, UserRow } from '../db/schema';
import { HttpError } from './http-error';
import type { Scope } from './scope';

// The signed-in caller as every route and service reads it. plugins/auth.ts fills it in on each
// request; the modules only read it (ARCHITECTURE.md 'Layers': modules never import plugins).

/** What a verified token says: who signed in, and which sign-in it belongs to. */
export interface TokenSession {
  sub: string;
  /** The sign-in (origin_jti, or the token's own jti when it names no origin): what sign-out revokes. */
  sessionId: string | null;
  /** When the sign-in happened (the id token's auth_time), if the token says. */
  authTime: Date | null;
  /** When the token was issued (its iat, seconds since the epoch), if it says. */
  issuedAt: number | null;
}

/** The signed-in caller of a request, with what they may do and see. */
export interface Caller {
  user: UserRow;
  /** The verified token's subject and sign-in. */
  session: TokenSession;
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

/** The sign-in a caller's request comes from: its session id, or the identity's auth time when the token names none. */
export const sessionKeyOf = (caller: Pick<Caller, 'session'>): string =>
  caller.session.sessionId ?? `auth:${caller.session.sub}:${caller.session.authTime?.toISOString() ?? 'unknown'}`;

import type { FastifyRequest } from 'fastify';
import type { AppPage } from '../contracts/page-access';

// What a route declares of the audit trail (its `config.audit`); plugins/audit.ts records it
// (ARCHITECTURE.md 'How a request flows').

/**
 * What the audit trail records of a route (HIPAA, 45 CFR 164.312(b)): a read of one person's data names
 * that person (`person` answers their user id, or null when the read is not about one person, e.g.
 * a whole ward's contacts); 'skip' marks a write that changes no data. Every other write (POST,
 * PUT, PATCH, DELETE) by a signed-in caller is recorded without being declared.
 */
export type AuditRule =
  | {
      read: true;
      person: (request: FastifyRequest) => number | null;
      /** The page the read serves, kept with the event for the person's access log. */
      page?: AppPage;
      /** A read of another person's figures: refused (428) until the caller states why (docs/PRIVACY.md 'A purpose first'). */
      purpose?: boolean;
    }
  | 'skip';

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AuditRule;
  }
}

/** A value as an object's fields, or none. */
export const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The person a read names by `userId` in its query; without one, the caller (their own figures). */
export const personInQuery =
  (fallback: 'caller' | 'none' = 'caller') =>
  (request: FastifyRequest): number | null => {
    const userId = asRecord(request.query).userId;
    if (typeof userId === 'number') return userId;
    return fallback === 'caller' ? (request.caller?.user.id ?? null) : null;
  };

/** The person of a read that is always the caller's own (a call that takes no userId: docs/PRIVACY.md 'Feedback against one's own past'). */
export const theCaller = (request: FastifyRequest): number | null => request.caller?.user.id ?? null;

/** The person a read names by its `:id` parameter (a user's history). */
export const personInParams = (request: FastifyRequest): number | null => {
  const id = asRecord(request.params).id;
  return typeof id === 'number' ? id : null;
};

/** Audit config: the route reads one person's data, named by `person`, for `page` when one page makes the read. */
export const auditRead = (person: (request: FastifyRequest) => number | null, page?: AppPage): { audit: AuditRule } => ({
  audit: { read: true, person, ...(page ? { page } : {}) },
});

/**
 * Audit config of a read of one person's figures on `page` (docs/PRIVACY.md 'A purpose first'):
 * audited as auditRead, and, when the person is someone else, given only once the caller has
 * stated a purpose for them in this sign-in.
 */
export const personalRead = (person: (request: FastifyRequest) => number | null, page: AppPage): { audit: AuditRule } => ({
  audit: { read: true, person, page, purpose: true },
});

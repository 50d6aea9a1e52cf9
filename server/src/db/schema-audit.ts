import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The audit trail (HIPAA, 45 CFR 164.312(b)): every write a signed-in user makes, and every read of one
 * person's data, with who, when, what and from which scope. Append-only: a trigger refuses UPDATE,
 * DELETE and TRUNCATE (migration 0007), and rows outlive the users they name, so nothing here
 * references another table.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The caller: their user id and identity subject at the time. */
    actorUserId: integer('actor_user_id').notNull(),
    actorSub: text('actor_sub').notNull(),
    /** The sign-in the request came from (origin_jti). */
    sessionId: text('session_id'),
    action: text('action').$type<'read' | 'write'>().notNull(),
    method: text('method').notNull(),
    /** The route's pattern, e.g. '/api/nfc-tags/:id', with its parameters and query as sent. */
    route: text('route').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    query: jsonb('query').$type<Record<string, unknown>>().notNull(),
    /** The ids a write named in its body (never its other fields: passwords, tokens). */
    target: jsonb('target').$type<Record<string, unknown>>().notNull(),
    /** The person whose data was read (or written), when the request is about one. */
    personUserId: integer('person_user_id'),
    status: integer('status').notNull(),
    /** The page the read serves ('/app/reports/user-overview'), when its route names one (docs/PRIVACY.md). */
    page: text('page'),
    /** Why the caller opened another person's data, as they said it for this sign-in (docs/PRIVACY.md 'A purpose first'). */
    purpose: text('purpose'),
    purposeNote: text('purpose_note'),
    /** The caller's managed organizations and locations when they made the request. */
    scope: jsonb('scope').$type<{ organizationIds: number[]; groupIds: number[] }>().notNull(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_events_person_at_idx').on(t.personUserId, t.at),
  ],
);

/**
 * The purposes callers stated before opening another person's data: one per sign-in, caller and
 * person (docs/PRIVACY.md 'A purpose first'); saying another replaces it for the reads after.
 */
export const accessPurposes = pgTable(
  'access_purposes',
  {
    id: serial('id').primaryKey(),
    /** The sign-in (origin_jti), or the identity's auth time when the token names none. */
    sessionKey: text('session_key').notNull(),
    actorUserId: integer('actor_user_id').notNull(),
    personUserId: integer('person_user_id').notNull(),
    purpose: text('purpose').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('access_purposes_session_actor_person_idx').on(t.sessionKey, t.actorUserId, t.personUserId)],
);

export type AccessPurposeRow = typeof accessPurposes.$inferSelect;

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;

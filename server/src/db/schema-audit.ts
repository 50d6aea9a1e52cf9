import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;

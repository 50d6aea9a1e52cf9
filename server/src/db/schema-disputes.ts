import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DisputeKind, DisputeReason, DisputeStatus } from '../contracts/disputes';
import { groups, users } from './schema-directory';

/**
 * A wearer's dispute of one of their own opportunities: a visit's entry or exit, named by the
 * wearer and the door's instant (the visit's entry_at or exit_at), so a re-derived visit keeps its
 * disputes. An accepted dispute takes the opportunity out of the figures (docs/METRICS.md
 * 'Disputed opportunities').
 */
export const opportunityDisputes = pgTable(
  'opportunity_disputes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references((): AnyPgColumn => groups.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DisputeKind>().notNull(),
    /** The door's instant: the visit's entry_at for ENTRY, its exit_at for EXIT. */
    doorAt: timestamp('door_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The disputed visit's entry_at (its key with the user). */
    visitEntryAt: timestamp('visit_entry_at', { withTimezone: true, mode: 'date' }).notNull(),
    reason: text('reason').$type<DisputeReason>().notNull(),
    note: text('note'),
    status: text('status').$type<DisputeStatus>().notNull().default('OPEN'),
    reply: text('reply'),
    decidedBy: integer('decided_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('opportunity_disputes_user_kind_door_key').on(t.userId, t.kind, t.doorAt),
    index('opportunity_disputes_group_status_idx').on(t.groupId, t.status, t.createdAt),
    check('opportunity_disputes_kind', sql`${t.kind} in ('ENTRY', 'EXIT')`),
    check('opportunity_disputes_reason', sql`${t.reason} in ('WASHED_ELSEWHERE', 'BADGE_LEFT', 'OTHER')`),
    check('opportunity_disputes_status', sql`${t.status} in ('OPEN', 'ACCEPTED', 'DECLINED')`),
  ],
);

export type OpportunityDisputeRow = typeof opportunityDisputes.$inferSelect;

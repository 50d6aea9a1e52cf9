import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema';

/**
 * Sign-ins that were signed out. Tokens of one sign-in, and those its refreshes issue, share the
 * identity provider's `origin_jti`; a token whose origin is listed here is refused at once, even
 * though its signature and expiry are still good. Rows go once no token of the sign-in can be
 * alive any more (`keepUntil`).
 */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    originJti: text('origin_jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_keep_until_idx').on(t.keepUntil)],
);

export type RevokedSessionRow = typeof revokedSessions.$inferSelect;

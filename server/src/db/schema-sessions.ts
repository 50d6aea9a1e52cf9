import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './schema-directory';

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

/**
 * Each user's last sign-in (the id token's auth_time, recorded when the app loads the session),
 * shown by Access Management. Kept apart from `users`, whose every write counts as a change of
 * the directory the reports' answers depend on: a sign-in changes nothing a report shows.
 */
export const userSignIns = pgTable('user_sign_ins', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }).notNull(),
});

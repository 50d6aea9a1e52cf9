import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ClientErrorKind } from '../contracts/client-errors';
import { users } from './schema-directory';

/**
 * Crashes of the app in a browser, as it posted them (contracts/client-errors.ts): read newest
 * first on the Server Logs page. Only the newest CLIENT_ERRORS_KEPT are kept.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: serial('id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    kind: text('kind').$type<ClientErrorKind>().notNull(),
    release: text('release').notNull(),
    route: text('route').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    /** The signed-in user whose app crashed; null before sign-in (or once the user is gone). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userAgent: text('user_agent'),
  },
  (t) => [index('client_errors_user_id_idx').on(t.userId)],
);

export type ClientErrorRow = typeof clientErrors.$inferSelect;

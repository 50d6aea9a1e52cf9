import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { groups, users } from './schema-directory';

/**
 * NFC tags staff tap at stations, and who held which tag when. A tag is assigned while `userId`
 * is set. The unique indexes are the rules the server reports by name: one tag per NFC id
 * ('NFC ID Already Exists') and one tag per user ('User Already Assigned').
 */
export const nfcTags = pgTable(
  'nfc_tags',
  {
    id: serial('id').primaryKey(),
    /** The first 14 characters of the tag's id, upper-case alphanumerics. */
    nfcId: text('nfc_id').notNull(),
    /** The rest of the id (7 characters for a 21-character tag id). */
    nfcShortId: text('nfc_short_id').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references((): AnyPgColumn => groups.id),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('nfc_tags_nfc_id_key').on(t.nfcId),
    uniqueIndex('nfc_tags_user_id_key').on(t.userId).where(sql`${t.userId} is not null`),
    index('nfc_tags_group_id_idx').on(t.groupId),
    check('nfc_tags_nfc_id_check', sql.raw(`"nfc_id" ~ '^[0-9A-Z]{14}$'`)),
    check('nfc_tags_nfc_short_id_check', sql.raw(`"nfc_short_id" ~ '^[0-9A-Z]*$'`)),
  ],
);

/** Every assignment and unassignment of a tag: `userId` is who got it (null when it was unassigned). */
export const nfcAssignEvents = pgTable(
  'nfc_assign_events',
  {
    id: serial('id').primaryKey(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => nfcTags.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    assignorId: integer('assignor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('nfc_assign_events_tag_id_idx').on(t.tagId, t.createdAt)],
);

export type NfcTagRow = typeof nfcTags.$inferSelect;
export type NewNfcTagRow = typeof nfcTags.$inferInsert;
export type NfcAssignEventRow = typeof nfcAssignEvents.$inferSelect;

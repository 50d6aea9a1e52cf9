import { bigint, date, pgTable, smallint } from 'drizzle-orm/pg-core';

// What a cached report answer was computed from (ARCHITECTURE.md 'Scale', Answer cache): each
// counter only grows, so the sum over a range's days changes whenever any of them is rewritten.

/** How many times the derivation rewrote each UTC day's derived rows. */
export const derivedDayVersions = pgTable('derived_day_versions', {
  day: date('day', { mode: 'string' }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * How many times the directory the reports read was written: users, organizations, locations and
 * professions (one row, id 1, from the first such write; triggers on those tables count every
 * statement that writes them).
 */
export const directoryVersion = pgTable('directory_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

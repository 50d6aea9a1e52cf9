import { sql, type SQL } from 'drizzle-orm';

// How people's names show. Demo users (the seeded staff of the demo hospital) are masked as
// 'User' everywhere a name leaves the server, and so is anyone the caller may not see.

const MASKED = 'User';

interface NamedRow {
  demo: boolean;
  firstName: string;
  lastName: string;
}

/** First and last name as lists show them; `hidden` masks a real user too (one outside the caller's scope). */
export function shownName(row: NamedRow, hidden = false): { firstName: string; lastName: string } {
  return row.demo || hidden ? { firstName: MASKED, lastName: '' } : { firstName: row.firstName, lastName: row.lastName };
}

/** The one-line name of a row, masked as shownName says. */
export function shownFullName(row: NamedRow, hidden = false): string {
  const { firstName, lastName } = shownName(row, hidden);
  return `${firstName} ${lastName}`.trim();
}

/** The one-line name, masked the same way (demo users only), of the users row `person` in SQL. */
export const displayNameOf = (person: SQL) =>
  sql`case when ${person}.demo then 'User' else trim(${person}.first_name || ' ' || ${person}.last_name) end`;

/** A wearer's name as reports show it (`u` is users). */
export const userDisplayName = displayNameOf(sql`u`);

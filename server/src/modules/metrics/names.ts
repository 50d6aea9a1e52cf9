import { sql, type SQL } from 'drizzle-orm';

/** The name as reports show it of the users row `person`; demo users are masked as 'User'. */
export const displayNameOf = (person: SQL) =>
  sql`case when ${person}.demo then 'User' else trim(${person}.first_name || ' ' || ${person}.last_name) end`;

/** A wearer's name as reports show it (`u` is users). */
export const userDisplayName = displayNameOf(sql`u`);

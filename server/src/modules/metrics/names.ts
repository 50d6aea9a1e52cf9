import { sql } from 'drizzle-orm';

/** A wearer's name as reports show it (`u` is users); demo users are masked as 'User'. */
export const userDisplayName = sql`case when u.demo then 'User' else trim(u.first_name || ' ' || u.last_name) end`;

import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isEmployee } from '../../core/acting-on-users';
import type { UserRow } from '../../db/schema';
import { type MaskedPeople, maskedPeopleOf, NOBODY_MASKED } from '../../core/group-only';

// Who is masked in reports (docs/PRIVACY.md 'Group-only units'): the people whose home location
// is a group-only location or lies below one. Read again only when the directory changed
// (`directory_version`, counted up by every write to users, organizations and locations).

interface Named {
  id: number;
  firstName: string;
  lastName: string;
}

/** Per database (each test has its own), the people as of a directory version. */
const cache = new WeakMap<Database, { version: string; people: Named[] }>();

async function groupOnlyPeople(db: Database): Promise<Named[]> {
  const version = String((await db.execute<{ v: string }>(sql`select version::text as v from directory_version where id = 1`)).rows[0]?.v ?? '');
  const cached = cache.get(db);
  if (cached?.version === version) return cached.people;
  const result = await db.execute<{ id: number; first_name: string; last_name: string }>(sql`
    with recursive unit (id) as (
      select id from groups where group_only
      union
      select g.id from groups g join unit on g.parent_id = unit.id
    )
    select u.id, u.first_name, u.last_name from users u
    where not u.demo and u.group_id in (select id from unit)`);
  const people = result.rows.map((r) => ({ id: Number(r.id), firstName: r.first_name, lastName: r.last_name }));
  cache.set(db, { version, people });
  return people;
}

/**
 * The people `viewer` (a caller's user, or the requester of a data export) sees no name of: none
 * for the provider's employees, and never the viewer themself.
 */
export async function maskedFor(db: Database, viewer: Pick<UserRow, 'id' | 'organizationId'>): Promise<MaskedPeople> {
  if (isEmployee({ user: viewer })) return NOBODY_MASKED;
  return maskedPeopleOf((await groupOnlyPeople(db)).filter((p) => p.id !== viewer.id));
}

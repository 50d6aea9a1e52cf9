import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { groups, organizations } from '../schema';
import { SEED_GROUPS, SEED_ORGANIZATIONS } from './hierarchy-data';

const DEMO_CREATED_AT = new Date('2023-01-09T15:00:00Z');

/** Inserts the demo organizations and locations, then points each organization at its main location. */
export async function seedHierarchy(db: Database): Promise<void> {
  // default_location_id and groups.organization_id reference each other, so organizations go
  // in first without it and get it once the groups exist.
  await db
    .insert(organizations)
    .values(SEED_ORGANIZATIONS.map(({ mainGroupId: _m, emailDomain: _e, ...org }) => ({ ...org, createdAt: DEMO_CREATED_AT })));
  // Parents precede children in SEED_GROUPS; PostgreSQL checks the self-FK at statement end anyway.
  await db.insert(groups).values([...SEED_GROUPS]);
  for (const org of SEED_ORGANIZATIONS) {
    await db.update(organizations).set({ defaultLocationId: org.mainGroupId }).where(eq(organizations.id, org.id));
  }
}

import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { emailSubscriptions, groups, organizations, userManagedGroups, userManagedOrganizations, users } from '../../../server/src/db/schema';
import { createTestDatabase } from '../helpers/test-db';

async function snapshot(db: Database) {
  return {
    users: await db.select().from(users).orderBy(asc(users.id)),
    organizations: (await db.select().from(organizations).orderBy(asc(organizations.id))).map(({ createdAt: _c, ...o }) => o),
    groups: await db.select().from(groups).orderBy(asc(groups.id)),
    managedOrganizations: await db.select().from(userManagedOrganizations).orderBy(asc(userManagedOrganizations.userId), asc(userManagedOrganizations.organizationId)),
    managedGroups: await db.select().from(userManagedGroups).orderBy(asc(userManagedGroups.userId), asc(userManagedGroups.groupId)),
    subscriptions: await db.select().from(emailSubscriptions).orderBy(asc(emailSubscriptions.id)),
  };
}

describe('seedDemo determinism', () => {
  it('fills two fresh databases identically', async () => {
    const [a, b] = await Promise.all([createTestDatabase({ fresh: true }), createTestDatabase({ fresh: true })]);
    try {
      const [sa, sb] = await Promise.all([snapshot(a.handle.db), snapshot(b.handle.db)]);
      expect(sa.users.length).toBeGreaterThan(0);
      expect(sb).toEqual(sa);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    // Two fresh databases run every migration and the seed: a minute on a busy machine.
  }, 120_000);
});

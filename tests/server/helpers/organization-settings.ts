import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/client';
import { organizations } from '../../../server/src/db/schema';
import { call } from '../api/accounts/accounts-client';
import type { createTestApp, Tokens } from './app';

/**
 * Edits an organization's settings as the Organizations form does (POST /organizations): its other
 * fields as stored, `settings` sent beside its default location. Answers the status and body.
 */
export async function saveOrganizationSettings(app: Awaited<ReturnType<typeof createTestApp>>['app'], db: Database, tokens: Tokens, organizationId: number, settings: Record<string, unknown>) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw new Error(`no organization ${organizationId}`);
  return call(app, tokens, 'POST', 'organizations', {
    id: row.id,
    parentId: row.parentId,
    name: row.name,
    type: row.type,
    accountType: row.accountType,
    settings: { defaultLocationId: row.defaultLocationId, ...settings },
  });
}

import { eq, inArray, isNull, or } from 'drizzle-orm';
import type { EmailSubscriptionType } from '../../contracts/email-subscriptions';
import type { Database } from '../../db/client';
import { emailSubscriptions, permissions, permissionTemplatePermissions, permissionTemplates, professions, users, type NewUserRow } from '../../db/schema';
import type { PermissionSubject } from '../../contracts/permissions';

/** A permissions template with the subjects it grants. */
export interface TemplateWithSubjects {
  id: number;
  name: string;
  organizationId: number | null;
  subjects: PermissionSubject[];
}

/** The default templates and those of the given organizations, with their subjects. */
export async function templatesOf(db: Database, organizationIds: readonly number[]): Promise<TemplateWithSubjects[]> {
  const rows = await db
    .select({ id: permissionTemplates.id, name: permissionTemplates.name, organizationId: permissionTemplates.organizationId, subject: permissions.subject })
    .from(permissionTemplates)
    .leftJoin(permissionTemplatePermissions, eq(permissionTemplatePermissions.templateId, permissionTemplates.id))
    .leftJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
    .where(or(isNull(permissionTemplates.organizationId), organizationIds.length ? inArray(permissionTemplates.organizationId, [...organizationIds]) : undefined));
  const byId = new Map<number, TemplateWithSubjects>();
  for (const row of rows) {
    const template = byId.get(row.id) ?? { id: row.id, name: row.name, organizationId: row.organizationId, subjects: [] };
    if (row.subject) template.subjects.push(row.subject);
    byId.set(row.id, template);
  }
  return [...byId.values()];
}

/** Which of these (lower-case) user names are taken. */
export async function takenUserNames(db: Database, userNames: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  // Chunks keep the parameter count of one statement well below PostgreSQL's limit.
  for (let i = 0; i < userNames.length; i += 1000) {
    const rows = await db
      .select({ userName: users.userName })
      .from(users)
      .where(inArray(users.userName, userNames.slice(i, i + 1000)));
    for (const row of rows) taken.add(row.userName);
  }
  return taken;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The profession codes an organization's users may hold: the global ones and the organization's own. */
export async function professionCodes(tx: Tx | Database, organizationIds: readonly number[]): Promise<Array<{ organizationId: number | null; code: string }>> {
  return tx
    .select({ organizationId: professions.organizationId, code: professions.code })
    .from(professions)
    .where(or(isNull(professions.organizationId), organizationIds.length ? inArray(professions.organizationId, [...organizationIds]) : undefined));
}

export interface ImportWrite {
  newProfessions: Array<{ organizationId: number; code: string; name: string }>;
  users: NewUserRow[];
  /** Per user (same order), the subscriptions to create. */
  subscriptions: EmailSubscriptionType[][];
}

/** Creates the professions, users and subscriptions of an import in one transaction; the new users' ids in order. */
export async function writeImport(db: Database, write: ImportWrite): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (write.newProfessions.length) await tx.insert(professions).values(write.newProfessions);
    const ids: number[] = [];
    for (let i = 0; i < write.users.length; i += 500) {
      const rows = await tx.insert(users).values(write.users.slice(i, i + 500)).returning({ id: users.id });
      ids.push(...rows.map((r) => r.id));
    }
    const subscriptions = write.subscriptions.flatMap((types, i) => types.map((type) => ({ userId: ids[i] as number, type, schedule: 'WEEKLY' as const })));
    for (let i = 0; i < subscriptions.length; i += 1000) await tx.insert(emailSubscriptions).values(subscriptions.slice(i, i + 1000));
    return ids;
  });
}

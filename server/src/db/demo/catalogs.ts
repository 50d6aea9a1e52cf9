import { PERMISSION_SUBJECTS } from '../../contracts/permissions';
import type { Database } from '../client';
import { DEFAULT_TEMPLATES, SUBJECT_CATALOG } from '../permission-catalog';
import { permissions, permissionTemplatePermissions, permissionTemplates, professions } from '../schema';
import { GLOBAL_PROFESSIONS, ORGANIZATION_PROFESSIONS, professionCode } from './people-data';

/** Inserts the global and organization-specific professions. */
export async function seedProfessions(db: Database): Promise<void> {
  await db.insert(professions).values([
    ...GLOBAL_PROFESSIONS.map((name) => ({ name, code: professionCode(name), organizationId: null })),
    ...ORGANIZATION_PROFESSIONS.map(({ name, organizationId }) => ({ name, code: professionCode(name), organizationId })),
  ]);
}

/** Inserts one permission per subject and the four default templates (ids 1–4) with their subjects. */
export async function seedPermissions(db: Database): Promise<void> {
  const rows = await db
    .insert(permissions)
    .values(PERMISSION_SUBJECTS.map((subject) => ({ subject, action: 'access', label: SUBJECT_CATALOG[subject].label })))
    .returning({ id: permissions.id, subject: permissions.subject });
  const idOf = new Map(rows.map((r) => [r.subject, r.id]));

  await db.insert(permissionTemplates).values(
    DEFAULT_TEMPLATES.map(({ id, name, description }) => ({ id, name, description, owner: 'Lavo', organizationId: null })),
  );
  await db.insert(permissionTemplatePermissions).values(
    DEFAULT_TEMPLATES.flatMap((t) =>
      t.subjects.map((subject) => {
        const permissionId = idOf.get(subject);
        if (permissionId === undefined) throw new Error(`no permission row for ${subject}`);
        return { templateId: t.id, permissionId };
      }),
    ),
  );
}

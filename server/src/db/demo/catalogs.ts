import { PERMISSION_SUBJECTS } from '../../contracts/permissions';
import type { Database } from '../client';
import { DEFAULT_TEMPLATES, SUBJECT_CATALOG } from '../permission-catalog';
import { permissions, permissionTemplatePermissions, permissionTemplates, professions } from '../schema';
import { GLOBAL_PROFESSIONS, ORGANIZATION_PROFESSIONS, professionCode } from './people-data';
import { DEMO_ORGANIZATION_TEMPLATES } from './templates';

/** Inserts the global and organization-specific professions. */
export async function seedProfessions(db: Database): Promise<void> {
  await db.insert(professions).values([
    ...GLOBAL_PROFESSIONS.map((name) => ({ name, code: professionCode(name), organizationId: null })),
    ...ORGANIZATION_PROFESSIONS.map(({ name, organizationId }) => ({ name, code: professionCode(name), organizationId })),
  ]);
}

/**
 * Inserts one permission per subject, the four default templates (ids 1–4) and the demo
 * organizations' own templates (from id 5), with their subjects.
 */
export async function seedPermissions(db: Database): Promise<void> {
  const rows = await db
    .insert(permissions)
    .values(PERMISSION_SUBJECTS.map((subject) => ({ subject, action: 'access', label: SUBJECT_CATALOG[subject].label })))
    .returning({ id: permissions.id, subject: permissions.subject });
  const idOf = new Map(rows.map((r) => [r.subject, r.id]));

  const organizationTemplates = Object.values(DEMO_ORGANIZATION_TEMPLATES);
  await db.insert(permissionTemplates).values([
    ...DEFAULT_TEMPLATES.map(({ id, name, description }) => ({ id, name, description, owner: 'Lavo', organizationId: null })),
    ...organizationTemplates.map(({ id, name, description, owner, organizationId }) => ({ id, name, description, owner, organizationId })),
  ]);
  await db.insert(permissionTemplatePermissions).values(
    [...DEFAULT_TEMPLATES, ...organizationTemplates].flatMap((t) =>
      t.subjects.map((subject) => {
        const permissionId = idOf.get(subject);
        if (permissionId === undefined) throw new Error(`no permission row for ${subject}`);
        return { templateId: t.id, permissionId };
      }),
    ),
  );
}

import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLACED_DEVICES_GROUP_ID } from '../../../server/src/contracts/devices';
import { GATEWAY_SETUP_GROUP_ID, GATEWAY_SETUP_GROUP_NAME } from '../../../server/src/contracts/gateways';
import { DEVICE_SUBJECTS, PERMISSION_SUBJECTS } from '../../../server/src/contracts/permissions';
import type { Database } from '../../../server/src/db/client';
import { DEMO_ACCOUNTS } from '../../../server/src/db/demo-accounts';
import {
  appMeta,
  emailSubscriptions,
  groups,
  organizations,
  permissions,
  permissionTemplatePermissions,
  permissionTemplates,
  professions,
  userManagedGroups,
  userManagedOrganizations,
  users,
} from '../../../server/src/db/schema';
import { seedDemo } from '../../../server/src/db/seed';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

async function templateSubjects(db: Database, templateId: number) {
  const rows = await db
    .select({ subject: permissions.subject })
    .from(permissionTemplatePermissions)
    .innerJoin(permissions, eq(permissions.id, permissionTemplatePermissions.permissionId))
    .where(eq(permissionTemplatePermissions.templateId, templateId));
  return rows.map((r) => r.subject).sort();
}

async function counts(db: Database) {
  const tables = { organizations, groups, professions, permissions, users, userManagedOrganizations, userManagedGroups, emailSubscriptions };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row?.n ?? -1;
  }
  return out;
}

describe('seedDemo', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(() => database.close());

  it('creates the provider, the network and the two hospitals with 3–4 departments each', async () => {
    const orgs = await db.select().from(organizations).orderBy(asc(organizations.id));
    expect(orgs.slice(0, 4).map((o) => [o.id, o.name, o.type, o.accountType, o.parentId])).toEqual([
      [1, 'Lavo', 'PROVIDER', 'LAVO', null],
      [2, 'Northwind Health Network', 'NETWORK', 'LAVO', 1],
      [3, "St. Mary's Hospital", 'HOSPITAL', 'PRO', 2],
      [4, 'Riverside General Hospital', 'HOSPITAL', 'BASIC', 2],
    ]);
    for (const hospital of orgs.filter((o) => o.type === 'HOSPITAL')) {
      const departments = orgs.filter((o) => o.parentId === hospital.id);
      expect(departments.length).toBeGreaterThanOrEqual(3);
      expect(departments.length).toBeLessThanOrEqual(4);
      for (const d of departments) {
        expect(d.type).toBe('DEPARTMENT');
        expect(d.accountType).toBe(hospital.accountType);
      }
    }
  });

  it('gives every organization a default location of its own tree', async () => {
    const orgs = await db.select().from(organizations);
    const groupRows = await db.select().from(groups);
    const byId = new Map(groupRows.map((g) => [g.id, g]));
    for (const org of orgs) {
      expect(org.defaultLocationId).not.toBeNull();
      const group = byId.get(org.defaultLocationId ?? -1);
      expect(group).toBeDefined();
      // The provider's only location is the holding group of replaced devices; it defaults to the network root.
      if (org.id > 1) expect(group?.organizationId).toBe(org.id);
    }
    // Three roots: the network, and the provider's gateway setup queue and Replaced Devices group outside it.
    const roots = groupRows.filter((g) => g.parentId === null).sort((a, b) => a.id - b.id);
    expect(roots.map((g) => [g.id, g.type, g.organizationId, g.name])).toEqual([
      [1, 'NETWORK', 2, 'Northwind Health Network'],
      [GATEWAY_SETUP_GROUP_ID, 'UNIT', 1, GATEWAY_SETUP_GROUP_NAME],
      [REPLACED_DEVICES_GROUP_ID, 'UNIT', 1, 'Replaced Devices'],
    ]);
    for (const g of groupRows) {
      expect(g.requiredHandWashDuration).toBe(20);
      expect([8, 12]).toContain(g.shiftLengthHours);
      expect(g.requiredVisitDuration).toBeGreaterThanOrEqual(30);
      expect(g.requiredVisitDuration).toBeLessThanOrEqual(60);
    }
  });

  it('holds about 200 users, with employee ids, professions and some inactive', async () => {
    const all = await db.select().from(users);
    expect(all.length).toBeGreaterThanOrEqual(190);
    expect(all.length).toBeLessThanOrEqual(210);
    const codes = new Set((await db.select({ code: professions.code }).from(professions)).map((p) => p.code));
    expect(codes).toContain('OTHER');
    for (const u of all) {
      expect(u.userName).toBe(u.userName.toLowerCase());
      expect(u.clientUserId).toMatch(/^E\d{5}$/);
      expect(codes).toContain(u.professionCode);
    }
    expect(all.filter((u) => !u.active).length).toBeGreaterThan(0);
    expect(all.filter((u) => u.demo).length).toBeGreaterThan(0);
    expect(all.filter((u) => u.roleId === 4).length).toBeGreaterThan(all.length * 0.8);
    expect(await db.select().from(emailSubscriptions)).not.toHaveLength(0);
  });

  it('has one permission per subject and templates 1–4 with the right subjects', async () => {
    expect((await db.select({ s: permissions.subject }).from(permissions)).map((r) => r.s).sort()).toEqual(
      [...PERMISSION_SUBJECTS].sort(),
    );
    expect(await templateSubjects(db, 1)).toEqual([...PERMISSION_SUBJECTS].sort());
    const hospitalAdmin = await templateSubjects(db, 2);
    expect(hospitalAdmin).toEqual(expect.arrayContaining(['PERFORMANCE', 'COMPLIANCE', 'USERS_ACCOUNTS', 'USER_EMAIL', 'MANAGES_ORGANIZATION', 'USER_PERMISSION_TEMPLATE']));
    expect(hospitalAdmin.filter((s) => DEVICE_SUBJECTS.includes(s))).toEqual([]);
    const tech = await templateSubjects(db, 3);
    expect(tech).toEqual([...DEVICE_SUBJECTS, 'USER_OVERVIEW', 'NFC_TAGS', 'SMARTBADGE_MANAGEMENT_BETA'].sort());
    expect(tech).not.toContain('PERFORMANCE');
    expect(tech).not.toContain('COMPLIANCE');
    expect(await templateSubjects(db, 4)).toEqual(['USER_OVERVIEW']);
    // St. Mary's own template for its charge nurses: the compliance reports and Staff Rounding.
    const [charge] = await db.select().from(permissionTemplates).where(eq(permissionTemplates.id, 5));
    expect(charge).toMatchObject({ name: 'Charge Nurse', organizationId: 3 });
    expect(await templateSubjects(db, 5)).toEqual(
      ['ACTIVITY_BREAKDOWN_REPORT', 'COMPLIANCE', 'HAND_WASH', 'PERFORMANCE', 'STAFF_ROUNDING', 'USER_OVERVIEW', 'USER_PERFORMANCE'],
    );
    // The network's own template for its infection preventionists: the observation audits beside the compliance reports.
    const [prevention] = await db.select().from(permissionTemplates).where(eq(permissionTemplates.id, 6));
    expect(prevention).toMatchObject({ name: 'Infection Prevention', organizationId: 2 });
    expect(await templateSubjects(db, 6)).toEqual(['COMPLIANCE', 'C_DIFF', 'HAND_WASH', 'OBSERVATION_AUDITS', 'PERFORMANCE', 'USER_OVERVIEW', 'USER_PERFORMANCE']);
  });

  it('creates the eight demo accounts with their organizations, templates and scopes', async () => {
    const scope = async (email: string) => {
      const [u] = await db.select().from(users).where(eq(users.userName, email));
      if (!u) throw new Error(`${email} missing`);
      const [org] = await db.select().from(organizations).where(eq(organizations.id, u.organizationId));
      const mo = await db.select().from(userManagedOrganizations).where(eq(userManagedOrganizations.userId, u.id));
      const mg = await db.select().from(userManagedGroups).where(eq(userManagedGroups.userId, u.id));
      return {
        org: u.organizationId,
        accountType: org?.accountType,
        template: u.roleId,
        active: u.active,
        orgs: mo.map((m) => m.organizationId),
        groups: mg.map((m) => m.groupId),
      };
    };
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual(
      ['admin', 'manager', 'nurse', 'tech', 'invited', 'disabled', 'charge', 'observer'].map((k) => `${k}@demo.health`),
    );
    expect(await scope('admin@demo.health')).toEqual({ org: 1, accountType: 'LAVO', template: 1, active: true, orgs: [1], groups: [1] });
    expect(await scope('manager@demo.health')).toEqual({ org: 3, accountType: 'PRO', template: 2, active: true, orgs: [3], groups: [2] });
    expect(await scope('tech@demo.health')).toEqual({ org: 2, accountType: 'LAVO', template: 3, active: true, orgs: [2], groups: [1] });
    expect(await scope('charge@demo.health')).toEqual({ org: 3, accountType: 'PRO', template: 5, active: true, orgs: [3], groups: [2] });
    expect(await scope('observer@demo.health')).toEqual({ org: 2, accountType: 'LAVO', template: 6, active: true, orgs: [2], groups: [1] });
    const nurse = await scope('nurse@demo.health');
    expect(nurse).toMatchObject({ accountType: 'BASIC', template: 4, orgs: [], groups: [] });
    const [nurseOrg] = await db.select().from(organizations).where(eq(organizations.id, nurse.org));
    expect(nurseOrg).toMatchObject({ type: 'DEPARTMENT', parentId: 4 });
    for (const [email, active] of [['invited@demo.health', true], ['disabled@demo.health', false]] as const) {
      const s = await scope(email);
      expect(s).toMatchObject({ template: 4, active, orgs: [], groups: [] });
      const [org] = await db.select().from(organizations).where(eq(organizations.id, s.org));
      expect(org).toMatchObject({ type: 'DEPARTMENT', parentId: 3 });
    }
  });

  it('leaves sequences past the explicit ids, and keeps user names lower-case', async () => {
    const [org] = await db.insert(organizations).values({ name: 'Temp', type: 'DEPARTMENT', accountType: 'PRO', parentId: 3 }).returning();
    expect(org?.id).toBeGreaterThan(11);
    await db.delete(organizations).where(eq(organizations.id, org?.id ?? -1));
    await expect(
      db.insert(users).values({ userName: 'Mixed@Case.example', firstName: 'A', lastName: 'B', organizationId: 3 }),
    ).rejects.toThrow();
  });

  it('does nothing the second time', async () => {
    const before = await counts(db);
    expect(await seedDemo(db)).toEqual({ seeded: false });
    expect(await counts(db)).toEqual(before);
    expect(await db.select().from(appMeta)).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professionListSchema } from '../../../../server/src/contracts/professions';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { call, createHospitalAdmin, RIVERSIDE_ORG, ST_MARYS_ORG } from './accounts-client';

const add = (name: string, organizationId: number, extra: Record<string, unknown> = {}) => ({ data: { name, organizationId, ...extra } });

describe('professions', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let stMarys: Tokens;
  let riverside: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    stMarys = (await createHospitalAdmin(ctx.db, ST_MARYS_ORG, 'prof-stmarys')).tokens;
    riverside = (await createHospitalAdmin(ctx.db, RIVERSIDE_ORG, 'prof-riverside')).tokens;
  });
  afterAll(() => ctx.close());

  const names = async (tokens: Tokens, path = 'users/professions') => {
    const res = await call(ctx.app, tokens, 'GET', path);
    expect(res.status).toBe(200);
    return professionListSchema.parse(res.body);
  };

  it("shows organization 1's users the global professions, and others the global ones with their organizations' own", async () => {
    const global = await names(admin);
    expect(global.every((p) => p.organizationId === null)).toBe(true);
    expect(global.find((p) => p.name === 'Registered Nurse')).toMatchObject({ id: 'REGISTERED_NURSE', professionId: 'REGISTERED_NURSE' });
    const own = (await names(stMarys)).map((p) => p.name);
    expect(own).toContain('Registered Nurse');
    expect(own).toContain('Child Life Specialist');
    expect(own).not.toContain('Oncology Nurse Navigator');
  });

  it("lists an organization's professions only inside the caller's scope", async () => {
    expect((await names(stMarys, `users/professions/${ST_MARYS_ORG}`)).map((p) => p.name)).toContain('Child Life Specialist');
    expect((await call(ctx.app, stMarys, 'GET', `users/professions/${RIVERSIDE_ORG}`)).status).toBe(404);
    expect((await call(ctx.app, stMarys, 'GET', 'users/professions/abc')).status).toBe(400);
  });

  it('adds a profession with its id made from the trimmed name, once', async () => {
    const res = await call(ctx.app, stMarys, 'POST', 'users/professions', add('  Wound Care Nurse ', ST_MARYS_ORG));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Wound Care Nurse', id: 'WOUND_CARE_NURSE', professionId: 'WOUND_CARE_NURSE', organizationId: ST_MARYS_ORG });
    const again = await call(ctx.app, stMarys, 'POST', 'users/professions', add('wound care  nurse', ST_MARYS_ORG));
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toContain('WOUND_CARE_NURSE already exists');
    // A global profession is a duplicate in every organization.
    expect((await call(ctx.app, stMarys, 'POST', 'users/professions', add('Physician', ST_MARYS_ORG))).status).toBe(409);
    expect((await names(riverside)).map((p) => p.name)).not.toContain('Wound Care Nurse');
  });

  it("adds organization 1's professions to the global list", async () => {
    const res = await call(ctx.app, admin, 'POST', 'users/professions', add('Infection Preventionist', 1, { id: 'INFECTION_PREVENTIONIST' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ organizationId: null });
    expect((await names(riverside)).map((p) => p.name)).toContain('Infection Preventionist');
  });

  it("answers 404 for another hospital's organization, and 400 for a short name or an id that is not the name's", async () => {
    expect((await call(ctx.app, stMarys, 'POST', 'users/professions', add('Oncology Tech', RIVERSIDE_ORG))).status).toBe(404);
    const short = await call(ctx.app, stMarys, 'POST', 'users/professions', add(' a ', ST_MARYS_ORG));
    expect(short.status).toBe(400);
    expect((short.body as { message: string }).message).toContain('at least 2 characters');
    expect((await call(ctx.app, stMarys, 'POST', 'users/professions', add('Scribe', ST_MARYS_ORG, { id: 'SCRIBBLER' }))).status).toBe(400);
    expect((await names(stMarys)).map((p) => p.name)).not.toContain('Scribe');
  });
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { runMigrations } from '../../server/src/db/migrate';
import { seedDemo } from '../../server/src/db/seed';
import { deviceModels, devices, users, wearableAssignments } from '../../server/src/db/schema';
import { ingestEvents } from '../../server/src/modules/ingest/ingest.service';
import { deriveBetween } from '../../server/src/modules/metrics/derive';
import { generateEvents } from '../../server/src/simulator/generate';
import { loadWorld } from '../../server/src/simulator/world';
import { timed } from './timing';

const DAY_MS = 86_400_000;
const DEPARTMENTS = [5, 6, 7, 8, 9, 10, 11];

/** A fresh PostgreSQL database on the server of `serverUrl`, dropped first if it exists. */
export async function freshPostgres(serverUrl: string, name: string): Promise<DatabaseHandle> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return createDatabase({ url: url.toString() });
}

/** Migrates and seeds the demo (hierarchy, staff, devices). */
export async function prepare(handle: DatabaseHandle): Promise<void> {
  await runMigrations(handle);
  await seedDemo(handle.db);
}

/**
 * Adds generated staff (each with a wristband assigned since 2020) until the database holds
 * `total` users, spread over the department organizations and their units.
 */
export async function addStaff(handle: DatabaseHandle, total: number): Promise<void> {
  const { db } = handle;
  const existing = Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]?.n ?? 0);
  const units = await db.execute<{ id: number; organization_id: number }>(
    sql`select id, organization_id from groups where organization_id in (${sql.join(DEPARTMENTS.map((d) => sql`${d}`), sql`, `)})`,
  );
  const [model] = await db.select().from(deviceModels).where(eq(deviceModels.deviceType, 'WRISTBAND')).limit(1);
  if (!model) throw new Error('the demo seed has no wristband model');
  const professions = ['REGISTERED_NURSE', 'REGISTERED_NURSE', 'REGISTERED_NURSE', 'PHYSICIAN', 'PATIENT_CARE_TECHNICIAN', 'RESPIRATORY_THERAPIST', 'ENVIRONMENTAL_SERVICES'];
  const rows = [];
  for (let i = 0; existing + i < total; i++) {
    const unit = units.rows[i % units.rows.length] as { id: number; organization_id: number };
    rows.push({
      userName: `bench.staff${i}@bench.example`,
      firstName: 'Bench',
      lastName: `Staff ${i}`,
      email: `bench.staff${i}@bench.example`,
      organizationId: unit.organization_id,
      groupId: unit.id,
      professionCode: professions[i % professions.length] as string,
    });
  }
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db.insert(users).values(rows.slice(i, i + 500)).returning({ id: users.id, groupId: users.groupId });
    const bands = await db
      .insert(devices)
      .values(
        inserted.map((u) => ({
          mac: `0A:${[u.id >> 24, u.id >> 16, u.id >> 8, u.id, 0xbe].map((b) => (b & 255).toString(16).padStart(2, '0').toUpperCase()).join(':')}`,
          type: 'WRISTBAND' as const,
          name: `Bench band ${u.id}`,
          groupId: u.groupId,
          modelId: model.id,
        })),
      )
      .returning({ id: devices.id });
    await db.insert(wearableAssignments).values(
      inserted.map((u, j) => ({ deviceId: (bands[j] as { id: number }).id, userId: u.id, assignedAt: new Date('2020-01-01T00:00:00Z') })),
    );
  }
}

/** Events per simulated day of the current world (a sample day), to size the dataset. */
export async function eventsPerDay(handle: DatabaseHandle, end: Date): Promise<number> {
  const world = await loadWorld(handle.db);
  const from = end.getTime() - 8 * DAY_MS;
  return generateEvents(world, { from, to: from + DAY_MS, seed: 7 }).length;
}

export interface BuildFigures {
  events: number;
  generateMs: number;
  storeMs: number;
  deriveMs: number;
}

/**
 * Generates `days` of events ending at `end` with the simulator and stores them through the
 * ingest (without deriving per batch, `inFlight` batches at a time: two keep PostgreSQL's and the
 * ingest's work overlapping; PGlite runs one at a time whatever is asked), deriving each day once
 * it is stored, as the demo history does (a day's derivation also finishes what the day before
 * left open, such as a visit across midnight): one derivation of everything at the end would hold
 * every wearer's whole history in a statement, which a network of 100M events does not finish.
 */
export async function buildHistory(handle: DatabaseHandle, end: Date, days: number, log: (line: string) => void, inFlight = 1): Promise<BuildFigures> {
  const { db } = handle;
  const world = await loadWorld(db);
  const figures: BuildFigures = { events: 0, generateMs: 0, storeMs: 0, deriveMs: 0 };
  const start = end.getTime() - days * DAY_MS;
  const lanes = handle.kind === 'postgres' ? Math.max(1, inFlight) : 1;
  for (let d = 0; d < days; d++) {
    const from = start + d * DAY_MS;
    const generated = await timed(async () => generateEvents(world, { from, to: from + DAY_MS, seed: 20_261_121 }));
    figures.generateMs += generated.ms;
    const events = generated.value.map((e) => e.event);
    let next = 0;
    const stored = await timed(() =>
      Promise.all(
        Array.from({ length: lanes }, async () => {
          for (let i = next; i < events.length; i = next) {
            next += 5000;
            await ingestEvents(db, events.slice(i, i + 5000), { derive: false });
          }
        }),
      ),
    );
    figures.storeMs += stored.ms;
    figures.events += events.length;
    figures.deriveMs += (await timed(() => deriveBetween(db, new Date(from), new Date(from + DAY_MS - 1)))).ms;
    if ((d + 1) % 10 === 0 || d === days - 1) {
      log(`  day ${d + 1}/${days}: ${figures.events.toLocaleString('en-US')} events`);
    }
  }
  await db.execute(sql`analyze`);
  return figures;
}

/** Units and department organizations that hold staff, and some users with data, for varied filters. */
export async function benchSubjects(handle: DatabaseHandle) {
  const { db } = handle;
  const unitRows = await db.execute<{ id: number }>(sql`select distinct group_id as id from compliance_daily order by 1`);
  const userRows = await db.execute<{ id: number }>(sql`select distinct user_id as id from compliance_daily order by 1 limit 200`);
  const active = await db.select({ id: users.id }).from(users).where(and(inArray(users.organizationId, DEPARTMENTS), eq(users.active, true))).limit(1);
  const ids = async (query: ReturnType<typeof sql>) => (await db.execute<{ id: number }>(query)).rows.map((r) => Number(r.id));
  return {
    unitIds: unitRows.rows.map((r) => Number(r.id)),
    departmentIds: DEPARTMENTS,
    userIds: userRows.rows.length ? userRows.rows.map((r) => Number(r.id)) : active.map((r) => r.id),
    bedIds: await ids(sql`select id from devices where type = 'BEACON' and physical_role = 'BED' order by id limit 200`),
    dispenserIds: await ids(sql`select id from devices where type = 'DISPENSER' and group_id is not null order by id limit 200`),
    planGroupIds: await ids(sql`select id from groups where floorplan_image is not null order by id limit 200`),
    cdiffZoneIds: await ids(sql`select id from zones where type = 'CDIFF' order by id limit 200`),
  };
}

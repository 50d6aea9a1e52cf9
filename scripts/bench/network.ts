import { inArray, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../server/src/db/client';
import { DEMO_ACCOUNTS } from '../../server/src/db/demo-accounts';
import { DEMO_GROUP_IDS, DEMO_ORG_IDS } from '../../server/src/db/seed';
import { devices, groups, organizations, users, wearableAssignments, zones } from '../../server/src/db/schema';

/** What one copy of the demo's hospitals holds, and how many copies the network now has. */
export interface NetworkFigures {
  copies: number;
  locations: number;
  rooms: number;
  devices: number;
  staff: number;
}

/** Ids of `rows` under `root` (not `root` itself), parents before children. */
function subtree<T extends { id: number; parentId: number | null }>(rows: readonly T[], root: number): T[] {
  const found: T[] = [];
  let frontier = [root];
  while (frontier.length > 0) {
    const next = rows.filter((r) => r.parentId !== null && frontier.includes(r.parentId));
    found.push(...next);
    frontier = next.map((r) => r.id);
  }
  return found;
}

/** The smallest power of ten above every id of a table: copy k's ids are the originals plus k × step. */
const stepAbove = (ids: readonly number[]) => 10 ** Math.ceil(Math.log10(Math.max(0, ...ids) + 1));

const macOf = (id: number) => `0C:${[id >>> 24, id >>> 16, id >>> 8, id].map((b) => (b & 255).toString(16).padStart(2, '0').toUpperCase()).join(':')}:C0`;

/**
 * Grows the seeded demo network to `copies` copies of its hospitals: each copy has the
 * hospitals' organizations, locations, rooms, devices (beacons, dispensers, gateways, wearables),
 * staff and wearable assignments, under the same network organization and root location. A
 * room's occupancy stays the demo's however large the network, so contacts, room visits and
 * bed visits grow with the network, not with its square. Demo sign-in accounts are not copied.
 */
export async function copyHospitals(handle: DatabaseHandle, copies: number): Promise<NetworkFigures> {
  const { db } = handle;
  const allOrgs = await db.select().from(organizations);
  const allGroups = await db.select().from(groups);
  const orgs = subtree(allOrgs, DEMO_ORG_IDS.network);
  const locs = subtree(allGroups, DEMO_GROUP_IDS.network);
  const orgIds = new Set(orgs.map((o) => o.id));
  const groupIds = new Set(locs.map((g) => g.id));
  const rooms = await db.select().from(zones).where(inArray(zones.groupId, [...groupIds]));
  const fleet = await db.select().from(devices).where(inArray(devices.groupId, [...groupIds]));
  const demoNames = new Set(DEMO_ACCOUNTS.map((a) => a.email));
  const staff = (await db.select().from(users).where(inArray(users.organizationId, [...orgIds]))).filter(
    (u) => !demoNames.has(u.userName) && u.cognitoId === null,
  );
  const deviceIds = new Set(fleet.map((d) => d.id));
  const userIds = new Set(staff.map((u) => u.id));
  const worn = (await db.select().from(wearableAssignments)).filter(
    (a) => deviceIds.has(a.deviceId) && userIds.has(a.userId),
  );
  const steps = {
    org: stepAbove(allOrgs.map((o) => o.id)),
    group: stepAbove(allGroups.map((g) => g.id)),
    zone: stepAbove(rooms.map((z) => z.id)),
    device: stepAbove((await db.select({ id: devices.id }).from(devices)).map((d) => d.id)),
    user: stepAbove((await db.select({ id: users.id }).from(users)).map((u) => u.id)),
    worn: stepAbove((await db.select({ id: wearableAssignments.id }).from(wearableAssignments)).map((a) => a.id)),
  };
  if (copies * Math.max(...Object.values(steps)) > 2_000_000_000) throw new Error(`${copies} copies of the hospitals would overflow int32 ids`);

  for (let k = 1; k < copies; k++) {
    const org = (id: number) => (orgIds.has(id) ? id + k * steps.org : id);
    const group = (id: number | null) => (id !== null && groupIds.has(id) ? id + k * steps.group : id);
    const zone = (id: number | null) => (id === null ? null : id + k * steps.zone);
    const device = (id: number | null) => (id !== null && deviceIds.has(id) ? id + k * steps.device : null);
    const user = (id: number) => id + k * steps.user;
    const suffix = ` ${k + 1}`;
    await db.transaction(async (tx) => {
      // default_location_id and groups.organization_id reference each other: organizations go in
      // first without it, as the seed does.
      await tx.insert(organizations).values(
        orgs.map((o) => ({ ...o, id: org(o.id), parentId: o.parentId === null ? null : org(o.parentId), name: o.name + suffix, defaultLocationId: null })),
      );
      await tx.insert(groups).values(
        locs.map((g) => ({ ...g, id: group(g.id) as number, parentId: group(g.parentId), organizationId: org(g.organizationId), name: g.name + suffix })),
      );
      for (const o of orgs) {
        if (o.defaultLocationId !== null) {
          await tx.execute(sql`update organizations set default_location_id = ${group(o.defaultLocationId)} where id = ${org(o.id)}`);
        }
      }
      await tx.insert(zones).values(rooms.map((z) => ({ ...z, id: zone(z.id) as number, groupId: group(z.groupId) as number })));
      for (let i = 0; i < fleet.length; i += 500) {
        await tx.insert(devices).values(
          fleet.slice(i, i + 500).map((d) => ({
            ...d,
            id: device(d.id) as number,
            mac: macOf(device(d.id) as number),
            name: d.name + suffix,
            groupId: group(d.groupId),
            zoneId: zone(d.zoneId),
            gatewayId: device(d.gatewayId),
            replacedDeviceId: device(d.replacedDeviceId),
          })),
        );
      }
      await tx.insert(users).values(
        staff.map((u) => ({
          ...u,
          id: user(u.id),
          userName: `c${k + 1}.${u.userName}`,
          email: u.email === null ? null : `c${k + 1}.${u.email}`,
          organizationId: org(u.organizationId),
          groupId: group(u.groupId),
        })),
      );
      if (worn.length > 0) {
        await tx.insert(wearableAssignments).values(
          worn.map((a) => ({
            ...a,
            id: a.id + k * steps.worn,
            deviceId: device(a.deviceId) as number,
            userId: user(a.userId),
            assignorId: a.assignorId !== null && userIds.has(a.assignorId) ? user(a.assignorId) : null,
          })),
        );
      }
    });
  }
  for (const [table, column] of [
    ['organizations', 'id'],
    ['groups', 'id'],
    ['zones', 'id'],
    ['devices', 'id'],
    ['users', 'id'],
    ['wearable_assignments', 'id'],
  ] as const) {
    await db.execute(sql`select setval(pg_get_serial_sequence(${table}, ${column}), (select max(${sql.identifier(column)}) from ${sql.identifier(table)}) + 1, false)`);
  }
  return { copies, locations: locs.length, rooms: rooms.length, devices: fleet.length, staff: staff.length };
}

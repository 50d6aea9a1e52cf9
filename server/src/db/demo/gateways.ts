import { eq, sql } from 'drizzle-orm';
import { GATEWAY_SETUP_GROUP_ID, GATEWAY_SETUP_GROUP_NAME } from '../../contracts/gateways';
import { REPLACED_DEVICES_GROUP_ID } from '../../contracts/devices';
import type { Database } from '../client';
import { devices, gatewaySoftware, groups, softwareVersions } from '../schema';
import { MODEL_IDS, stableHash } from './devices-data';
import { SEED_GROUPS } from './hierarchy-data';

// The gateways' software and the setup queue (docs/GATEWAYS.md): the versions of each package
// per gateway model, what each demo gateway runs (about a third a version behind), and location
// 39 'Gateway Setup' holding a few new, unnamed gateways waiting to be named and placed.

/** The packages each gateway model runs, with their versions, oldest first (the last is the latest). */
export const GATEWAY_PACKAGES: Readonly<Record<number, Readonly<Record<string, readonly string[]>>>> = {
  [MODEL_IDS.g1c]: { 'lavo-gateway': ['3.4.0', '3.5.2', '3.6.1'], 'lavo-daemon': ['1.8.0', '1.9.3'] },
  [MODEL_IDS.minewGateway]: { 'lavo-gateway': ['3.4.0', '3.5.2', '3.6.1'], 'lavo-daemon': ['1.8.0', '1.9.3'] },
  [MODEL_IDS.kiosk]: { 'lavo-gateway': ['3.5.2', '3.6.1'], 'lavo-kiosk': ['5.0.0', '5.1.4', '5.2.0'], 'lavo-daemon': ['1.8.0', '1.9.3'] },
};

/** New gateways in the setup queue: their MACs (a prefix of their own) and models. */
const NEW_GATEWAYS = [
  { mac: 'AC:23:3F:C9:00:01', modelId: MODEL_IDS.minewGateway },
  { mac: 'AC:23:3F:C9:00:02', modelId: MODEL_IDS.minewGateway },
  { mac: 'AC:23:3F:C9:00:03', modelId: MODEL_IDS.g1c },
] as const;

const DAY_MS = 86_400_000;

export async function seedGateways(db: Database): Promise<void> {
  // The setup queue: like the replaced devices' location, a root of the provider's own, outside
  // every hospital's tree, so only the provider's people see new gateways before they are placed.
  const holding = SEED_GROUPS.find((g) => g.id === REPLACED_DEVICES_GROUP_ID);
  if (!holding) throw new Error('the replaced devices location is not seeded');
  await db.insert(groups).values({ ...holding, id: GATEWAY_SETUP_GROUP_ID, name: GATEWAY_SETUP_GROUP_NAME });

  const now = Date.now();
  const versionRows = Object.entries(GATEWAY_PACKAGES).flatMap(([modelId, packages]) =>
    Object.entries(packages).flatMap(([packageName, versions]) =>
      versions.map((version, i) => ({
        modelId: Number(modelId),
        packageName,
        version,
        isLatest: i === versions.length - 1,
        url: `https://updates.lavo.example/${packageName}/${version}.tar.gz`,
        createdAt: new Date(now - (versions.length - i) * 30 * DAY_MS),
      })),
    ),
  );
  const versions = await db.insert(softwareVersions).values(versionRows).returning();

  const [top] = await db.select({ max: sql<number>`coalesce(max(${devices.id}), 0)::int` }).from(devices);
  await db.insert(devices).values(
    NEW_GATEWAYS.map((g, i) => ({
      id: (top?.max ?? 0) + 1 + i,
      mac: g.mac,
      type: 'GATEWAY' as const,
      name: '',
      groupId: GATEWAY_SETUP_GROUP_ID,
      modelId: g.modelId,
      role: 'GATEWAY',
      createdAt: new Date(now - (i + 1) * 3_600_000),
    })),
  );

  const gateways = await db.select({ id: devices.id, mac: devices.mac, modelId: devices.modelId }).from(devices).where(eq(devices.type, 'GATEWAY'));
  const installed = gateways.flatMap((g) => {
    const packages = GATEWAY_PACKAGES[g.modelId] ?? {};
    return Object.keys(packages).flatMap((packageName) => {
      const ofPackage = versions.filter((v) => v.modelId === g.modelId && v.packageName === packageName);
      // About a third of the gateways run the version before the latest.
      const behind = stableHash(`${g.mac}/${packageName}`) % 3 === 0 && ofPackage.length > 1;
      const version = ofPackage[ofPackage.length - (behind ? 2 : 1)];
      return version ? [{ deviceId: g.id, packageName, softwareVersionId: version.id }] : [];
    });
  });
  if (installed.length) await db.insert(gatewaySoftware).values(installed);
}

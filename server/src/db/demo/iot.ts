import { and, eq } from 'drizzle-orm';
import type { JobParameter, JobParameters, ThingType } from '../../contracts/iot';
import type { Database } from '../client';
import { iotJobExecutions, iotJobs, iotJobTemplates, iotPackageVersions, iotThingPackages, iotThings } from '../schema';
import { UNIT_PLANS } from './devices-data';
import { createRandom } from './random';
import { wardLayout } from './ward-layout';

// The demo's IoT devices (docs/IOT.md 'Demo'): fall devices by the beds of some units and an NFC
// gateway at each of their nurse stations, with their software (some of it outdated), the job
// templates, and a few jobs already run, cancelled or scheduled. Their connectivity and telemetry
// history is written with the demo history (simulator/iot/history.ts), their live behaviour
// played by the simulator (simulator/iot/).

const SEED = 20_261_127;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The units with IoT devices and how many fall devices each has (one per room, from the first). */
export const IOT_DEMO_UNITS: readonly { groupId: number; fallDevices: number }[] = [
  { groupId: 6, fallDevices: 8 },
  { groupId: 7, fallDevices: 5 },
  { groupId: 8, fallDevices: 6 },
  { groupId: 10, fallDevices: 4 },
  { groupId: 14, fallDevices: 5 },
  { groupId: 15, fallDevices: 6 },
  { groupId: 18, fallDevices: 4 },
];

/** Packages, oldest version first; the last is the latest. */
export const IOT_DEMO_PACKAGES: Readonly<Record<string, readonly string[]>> = {
  'fall-detector': ['1.2.0', '1.3.2', '1.4.1'],
  'lavo-agent': ['2.0.3', '2.1.0'],
  'nfc-reader': ['0.9.4', '1.0.0'],
};

const PACKAGES_OF: Readonly<Record<ThingType, readonly string[]>> = {
  fall_device_v1: ['fall-detector', 'lavo-agent'],
  nfc_gateway_v1: ['nfc-reader', 'lavo-agent'],
};

const versionParameter = (packageName: string): JobParameter => ({
  type: 'version',
  name: 'version',
  packageName,
  description: `The ${packageName} version to install`,
  placeholder: 'Choose a version',
});
const restart: JobParameter = { type: 'switch', name: 'restart', optional: true, defaultValue: true, description: 'Restart the service after the update' };

/** The job templates (docs/IOT.md 'Demo'); ids from 1 in this order. */
export const IOT_DEMO_TEMPLATES: readonly { name: string; description: string; parameters: JobParameter[] }[] = [
  { name: 'Software Update – Fall Detector', description: 'Installs a version of the fall detector.', parameters: [versionParameter('fall-detector'), restart] },
  { name: 'Software Update – Lavo Agent', description: 'Installs a version of the device agent.', parameters: [versionParameter('lavo-agent'), restart] },
  { name: 'Software Update – NFC Reader', description: 'Installs a version of the NFC reader.', parameters: [versionParameter('nfc-reader'), restart] },
  {
    name: 'Reboot',
    description: 'Restarts the device.',
    parameters: [{ type: 'number', name: 'delaySeconds', optional: true, minValue: 0, maxValue: 300, defaultValue: 0, description: 'Wait this long before restarting' }],
  },
  {
    name: 'Run Command',
    description: 'Runs a shell command and returns its output.',
    parameters: [
      { type: 'input', name: 'command', maxLength: 200, placeholder: 'uptime', description: 'The command to run' },
      { type: 'number', name: 'timeoutSeconds', optional: true, minValue: 1, maxValue: 600, defaultValue: 60 },
    ],
  },
  {
    name: 'Collect Logs',
    description: 'Uploads the device logs of a period.',
    parameters: [
      { type: 'date', name: 'period', description: 'The days to collect' },
      { type: 'select', name: 'levels', multiple: true, options: ['error', 'warning', 'info', 'debug'], defaultValue: ['error', 'warning'] },
    ],
  },
];

/** How long ago each thing was last online, by its index: most are online now. */
function lastOnlineAgo(index: number): number | null {
  switch (index % 17) {
    case 3:
      return 5 * HOUR_MS;
    case 7:
      return 18 * HOUR_MS;
    case 11:
      return 3 * DAY_MS;
    case 14:
      return 12 * DAY_MS;
    default:
      return null;
  }
}

/** The demo's things, in the seed's order: fall devices by the beds, an NFC gateway at the nurse station. */
export function demoThings(): (typeof iotThings.$inferInsert & { awsId: string; type: ThingType })[] {
  const things: ReturnType<typeof demoThings> = [];
  for (const unit of IOT_DEMO_UNITS) {
    const plan = UNIT_PLANS.find((p) => p.groupId === unit.groupId);
    if (!plan) throw new Error(`no unit plan for location ${unit.groupId}`);
    const layout = wardLayout(plan.rooms);
    layout.rooms.slice(0, unit.fallDevices).forEach((room, i) => {
      const bed = room.beds(1)[0]!;
      things.push({ awsId: `FD-${plan.code}-${String(i + 1).padStart(4, '0')}`, name: `Fall Sensor ${plan.roomBase + i}`, type: 'fall_device_v1', groupId: unit.groupId, x: bed.x + 18, y: bed.y });
    });
    const station = layout.station;
    things.push({ awsId: `NG-${plan.code}-01`, name: `NFC Gateway ${plan.code}`, type: 'nfc_gateway_v1', groupId: unit.groupId, x: Math.round((station.x0 + station.x1) / 2), y: station.y0 });
  }
  return things;
}

/** The serial numbers of the demo's things that are online (the others were last seen hours or days ago). */
export const demoOnlineThingAwsIds = (): string[] => demoThings().flatMap((thing, index) => (lastOnlineAgo(index) === null ? [thing.awsId] : []));

/** Seeds the IoT devices, software, templates and a few jobs. Runs after seedDevices. */
export async function seedIot(db: Database, now: Date = new Date()): Promise<void> {
  const random = createRandom(SEED);
  const things = demoThings();
  things.forEach((thing, index) => {
    const ago = lastOnlineAgo(index);
    thing.connected = ago === null;
    thing.connectivityAt = new Date(now.getTime() - (ago ?? random.int(1, 48) * HOUR_MS));
    thing.createdAt = new Date(now.getTime() - 90 * DAY_MS);
  });
  const inserted = await db.insert(iotThings).values(things).returning();

  await db.insert(iotPackageVersions).values(
    Object.entries(IOT_DEMO_PACKAGES).flatMap(([packageName, versions]) =>
      versions.map((version, i) => ({ packageName, version, isLatest: i === versions.length - 1, createdAt: new Date(now.getTime() - (versions.length - i) * 45 * DAY_MS) })),
    ),
  );
  // Most things run the latest of each package; one in four an older version of one of them.
  await db.insert(iotThingPackages).values(
    inserted.flatMap((thing, index) =>
      PACKAGES_OF[thing.type].map((packageName, p) => {
        const versions = IOT_DEMO_PACKAGES[packageName]!;
        const outdated = index % 4 === p;
        return { thingId: thing.id, packageName, version: versions[outdated ? random.int(0, versions.length - 2) : versions.length - 1]!, updatedAt: thing.createdAt };
      }),
    ),
  );

  const templates = await db.insert(iotJobTemplates).values(IOT_DEMO_TEMPLATES.map((t) => ({ ...t }))).returning();
  const templateId = (name: string) => templates.find((t) => t.name.startsWith(name))!.id;
  const unitThings = (groupId: number, type: ThingType) => inserted.filter((t) => t.groupId === groupId && t.type === type);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);

  // A fall-detector update of ICU – 3 North ten days ago: all but one succeeded.
  const icuFalls = unitThings(6, 'fall_device_v1').slice(0, 4);
  await pastJob(db, {
    name: 'Fall detector 1.4.1 – ICU 3 North',
    templateId: templateId('Software Update – Fall Detector'),
    groupId: 6,
    parameters: { version: '1.4.1', restart: true },
    things: icuFalls,
    at: at(10),
    outcome: (i) => (i === 3 ? ['FAILED', 'Downloading fall-detector 1.4.1\nerror: checksum mismatch, update aborted'] : ['SUCCEEDED', 'Downloading fall-detector 1.4.1\nInstalled fall-detector 1.4.1\nRestarted']),
  });
  if (icuFalls[3]) {
    await db
      .update(iotThingPackages)
      .set({ version: '1.3.2' })
      .where(and(eq(iotThingPackages.thingId, icuFalls[3].id), eq(iotThingPackages.packageName, 'fall-detector')));
  }
  // A reboot of Emergency's NFC gateway three days ago.
  await pastJob(db, {
    name: 'Reboot NFC gateway ED-G',
    templateId: templateId('Reboot'),
    groupId: 8,
    parameters: { delaySeconds: 0 },
    things: unitThings(8, 'nfc_gateway_v1'),
    at: at(3),
    outcome: () => ['SUCCEEDED', 'Rebooting now\nUp again after 42 s'],
  });
  // A command on PICU cancelled before it ran.
  await pastJob(db, {
    name: 'Check disk space – PICU',
    templateId: templateId('Run Command'),
    groupId: 14,
    parameters: { command: 'df -h /', timeoutSeconds: 60 },
    things: unitThings(14, 'fall_device_v1').slice(0, 2),
    at: at(2),
    outcome: () => ['CANCELED', null],
    status: 'CANCELED',
  });
  // An agent update of ICU – 3 South scheduled for the night after next.
  const scheduled = unitThings(7, 'fall_device_v1');
  await db.insert(iotJobs).values({
    name: 'Agent 2.1.0 – ICU 3 South',
    templateId: templateId('Software Update – Lavo Agent'),
    description: 'Overnight, outside visiting hours.',
    groupId: 7,
    status: 'SCHEDULED',
    startAt: new Date(Math.ceil((now.getTime() + 2 * DAY_MS) / DAY_MS) * DAY_MS + 9 * HOUR_MS),
    parameters: { version: '2.1.0', restart: true },
    thingAwsIds: scheduled.map((t) => t.awsId),
    createdAt: at(1),
  });
}

type Outcome = ['SUCCEEDED' | 'FAILED' | 'CANCELED', string | null];

/** A job that ran (or was cancelled) in the past, with its executions. */
async function pastJob(
  db: Database,
  job: {
    name: string;
    templateId: number;
    groupId: number;
    parameters: JobParameters;
    things: readonly { id: number; awsId: string }[];
    at: Date;
    outcome: (index: number) => Outcome;
    status?: 'COMPLETED' | 'CANCELED';
  },
): Promise<void> {
  const ended = new Date(job.at.getTime() + 20 * 60_000);
  const [row] = await db
    .insert(iotJobs)
    .values({
      name: job.name,
      templateId: job.templateId,
      description: null,
      groupId: job.groupId,
      status: job.status ?? 'COMPLETED',
      startAt: null,
      parameters: job.parameters,
      thingAwsIds: job.things.map((t) => t.awsId),
      createdAt: job.at,
      completedAt: ended,
    })
    .returning();
  if (!row || job.things.length === 0) return;
  await db.insert(iotJobExecutions).values(
    job.things.map((thing, i) => {
      const [status, stdout] = job.outcome(i);
      return { jobId: row.id, thingId: thing.id, status, stdout, createdAt: job.at, lastUpdatedAt: new Date(job.at.getTime() + (i + 1) * 60_000) };
    }),
  );
}

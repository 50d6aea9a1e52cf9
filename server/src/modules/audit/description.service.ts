import { DEVICE_CATALOGUE, DEVICE_KINDS, NOT_COLLECTED, PRIVACY_RULES, STORED_KIND_IDS, STORED_KINDS, type DeviceKind } from '../../contracts/data-catalogue';
import { THING_TYPE_NAMES, type ThingType } from '../../contracts/iot';
import { PERMISSION_SUBJECTS } from '../../contracts/permissions';
import { ACCESS_PURPOSE_LABELS, ACCESS_PURPOSES, type PrivacyDescription } from '../../contracts/privacy';
import type { Database } from '../../db/client';
import { SUBJECT_CATALOG } from '../../db/permission-catalog';
import type { Caller } from '../../core/caller';
import { HttpError } from '../../core/http-error';
import { withDescendants } from '../../core/scope';
import { deviceCountsIn, locationTree, organizationSettings, privateZonesIn, templatesInUse, thingCountsIn, type DeviceCount } from './description.repo';

// The description for the works council and the DPIA (docs/PRIVACY.md 'The description for the
// works council'): computed afresh from the live configuration of one organization and
// everything below it, its prose taken from contracts/data-catalogue.ts.

export const ORGANIZATION_NOT_FOUND = 'Organization not found';

type OrganizationSettingsRow = Awaited<ReturnType<typeof organizationSettings>>[number];

/**
 * What an organization's settings and those above it put in force: the shortest retention of the
 * chain (as the purge reads it, `retentionRules` in modules/ingest/retention.repo.ts) and no
 * leaderboards when any of them turned them off (`leaderboardHidden` in modules/metrics/ranking.repo.ts).
 */
export function settingsInForce(rows: readonly OrganizationSettingsRow[], organizationId: number) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain: OrganizationSettingsRow[] = [];
  for (let at = byId.get(organizationId); at && !chain.includes(at); at = at.parentId === null ? undefined : byId.get(at.parentId)) chain.push(at);
  // The nearest organization holding the shortest retention sets it.
  const retention = chain.reduce((best, o) => (o.retentionDays < best.retentionDays ? o : best), chain[0] as OrganizationSettingsRow);
  const hiding = chain.find((o) => o.hideLeaderboards) ?? null;
  return {
    retentionDays: retention.retentionDays,
    retentionSetBy: { id: retention.id, name: retention.name },
    noLeaderboards: hiding !== null,
    noLeaderboardsSetBy: hiding && { id: hiding.id, name: hiding.name },
  };
}

const THING_KINDS: Record<ThingType, DeviceKind> = { fall_device_v1: 'FALL_DEVICE', nfc_gateway_v1: 'NFC_GATEWAY' };

/** A device's kind: its type, a beacon by what it marks, a gateway by whether it is a charging station. */
function kindOf(device: Pick<DeviceCount, 'type' | 'role' | 'physicalRole'>): DeviceKind {
  switch (device.type) {
    case 'BEACON':
      return device.physicalRole === 'BED' ? 'BED_BEACON' : 'ROOM_BEACON';
    case 'GATEWAY':
      return device.role === 'KIOSK_GATEWAY' ? 'KIOSK_GATEWAY' : 'GATEWAY';
    default:
      return device.type;
  }
}

/** The devices in use, by kind in the catalogue's order, each with its models and what it collects. */
function devicesByKind(devices: readonly DeviceCount[], things: readonly { type: ThingType; count: number }[]): PrivacyDescription['devices'] {
  const models = new Map<DeviceKind, Map<string, number>>();
  const add = (kind: DeviceKind, model: string, n: number) => {
    const of = models.get(kind) ?? new Map<string, number>();
    of.set(model, (of.get(model) ?? 0) + n);
    models.set(kind, of);
  };
  for (const d of devices) add(kindOf(d), d.model, Number(d.count));
  for (const t of things) add(THING_KINDS[t.type], THING_TYPE_NAMES[t.type], Number(t.count));
  return DEVICE_KINDS.flatMap((kind) => {
    const of = models.get(kind);
    if (!of) return [];
    const list = [...of].map(([name, n]) => ({ name, count: n })).sort((a, b) => a.name.localeCompare(b.name));
    return [{ kind, label: DEVICE_CATALOGUE[kind].label, count: list.reduce((sum, m) => sum + m.count, 0), models: list, collects: [...DEVICE_CATALOGUE[kind].collects] }];
  });
}

/** The privacy description of an organization of the caller's scope. */
export function createDescriptionService(db: Database) {
  return {
    async describe(caller: Caller, query: { organizationId: number }): Promise<PrivacyDescription> {
      const scope = await caller.scope();
      if (!scope.organizationIds.has(query.organizationId)) throw new HttpError(404, ORGANIZATION_NOT_FOUND);
      const [orgs, locations] = await Promise.all([organizationSettings(db), locationTree(db)]);
      const organization = orgs.find((o) => o.id === query.organizationId);
      if (!organization) throw new HttpError(404, ORGANIZATION_NOT_FOUND);

      const organizationIds = withDescendants(orgs, [organization.id]);
      const groupIds = [...withDescendants(locations, locations.filter((g) => organizationIds.has(g.organizationId)).map((g) => g.id))];
      const orgName = new Map(orgs.map((o) => [o.id, o.name]));
      const [privateZones, deviceCounts, thingCounts, templates] = await Promise.all([
        privateZonesIn(db, groupIds),
        deviceCountsIn(db, groupIds),
        thingCountsIn(db, groupIds),
        templatesInUse(db, [...organizationIds]),
      ]);
      const settings = settingsInForce(orgs, organization.id);
      const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

      return {
        organization: { id: organization.id, name: organization.name },
        generatedAt: new Date().toISOString(),
        settings,
        organizationsBelow: orgs
          .filter((o) => o.id !== organization.id && organizationIds.has(o.id))
          .map((o) => {
            const below = settingsInForce(orgs, o.id);
            return { id: o.id, name: o.name, retentionDays: below.retentionDays, noLeaderboards: below.noLeaderboards };
          })
          .sort(byName),
        groupOnlyUnits: locations
          .filter((g) => g.groupOnly && groupIds.includes(g.id))
          .map((g) => ({ id: g.id, name: g.name, organizationName: orgName.get(g.organizationId) ?? '' }))
          .sort(byName),
        privateZones,
        devices: devicesByKind(deviceCounts, thingCounts),
        notCollected: [...NOT_COLLECTED],
        storedEvents: STORED_KIND_IDS.map((kind) => {
          const entry = STORED_KINDS[kind];
          return { kind, label: entry.label, what: entry.what, keeping: entry.keeping, keptDays: entry.keeping === 'RETENTION' ? settings.retentionDays : null };
        }),
        templates: templates.map((t) => {
          const subjects = PERMISSION_SUBJECTS.filter((s) => t.subjects.includes(s));
          return { id: t.id, name: t.name, description: t.description, users: Number(t.users), grants: subjects.map((s) => SUBJECT_CATALOG[s].label), subjects };
        }),
        purposes: ACCESS_PURPOSES.map((purpose) => ({ purpose, label: ACCESS_PURPOSE_LABELS[purpose] })),
        rules: { ...PRIVACY_RULES },
      };
    },
  };
}

import type { Gateway } from '@contracts/gateways';
import { isUpdating } from './gateway-filters';
import type { SoftwareUpdatePayload } from './outbox-handlers';

// Software update jobs for chosen gateways (POST /software/jobs, docs/GATEWAYS.md 'Software jobs'): the
// versions to install are chosen per package; each gateway gets the chosen versions its model
// offers, and only where it does not run them already.

/** The packages the gateways may be updated in, each with the versions any of them offers, newest first. */
export function packageChoices(gateways: readonly Gateway[]): { packageName: string; versions: string[]; latest: string | null }[] {
  const byPackage = new Map<string, { versions: Map<string, string>; latest: string | null }>();
  for (const g of gateways) {
    for (const p of g.availableVersions) {
      const entry = byPackage.get(p.packageName) ?? { versions: new Map<string, string>(), latest: null };
      for (const v of p.versions) {
        const seen = entry.versions.get(v.version);
        if (!seen || v.createdAt > seen) entry.versions.set(v.version, v.createdAt);
        if (v.isLatest) entry.latest ??= v.version;
      }
      byPackage.set(p.packageName, entry);
    }
  }
  return [...byPackage.entries()]
    .map(([packageName, e]) => ({ packageName, versions: [...e.versions.entries()].sort((a, b) => b[1].localeCompare(a[1])).map(([v]) => v), latest: e.latest }))
    .sort((a, b) => a.packageName.localeCompare(b.packageName));
}

export interface SoftwarePlan {
  payloads: SoftwareUpdatePayload[];
  skipped: { gateway: Gateway; reason: string }[];
}

/** What Dispatch sends: one outbox item per gateway with something to install, and why the others get nothing. */
export function planSoftwareUpdate(gateways: readonly Gateway[], chosen: Readonly<Record<string, string | null>>): SoftwarePlan {
  const plan: SoftwarePlan = { payloads: [], skipped: [] };
  for (const g of gateways) {
    if (isUpdating(g)) {
      plan.skipped.push({ gateway: g, reason: 'An update is already running' });
      continue;
    }
    const ids: number[] = [];
    const versions: string[] = [];
    for (const [packageName, version] of Object.entries(chosen)) {
      if (!version) continue;
      const offered = g.availableVersions.find((p) => p.packageName === packageName)?.versions.find((v) => v.version === version);
      const current = g.software.find((p) => p.name === packageName)?.version.current?.version;
      if (!offered || current === version) continue;
      ids.push(offered.id);
      versions.push(`${packageName} ${version}`);
    }
    if (ids.length === 0) plan.skipped.push({ gateway: g, reason: 'Runs these versions already, or its model has none of them' });
    else plan.payloads.push({ deviceId: g.id, modelId: g.modelId, mac: g.mac, name: g.name, groupId: g.groupId, softwareVersionIds: ids, versions });
  }
  return plan;
}

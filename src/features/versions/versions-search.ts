import type { DeviceType } from '@contracts/devices';
import { z } from 'zod';
import { addressId, addressText } from '@/lib/address-search';

/** The Versions page's address: the model and the search text. */
export const versionsSearchSchema = z.object({ modelId: addressId, search: addressText });
export type VersionsAddress = z.input<typeof versionsSearchSchema>;

const TYPE_LABELS: Record<DeviceType, string> = {
  BADGE: 'Badge',
  BEACON: 'Beacon',
  DISPENSER: 'Dispenser',
  GATEWAY: 'Gateway',
  TABLET: 'Tablet',
  WRISTBAND: 'Wristband',
};

/** The model picker's options: the models that have firmware, by name, each with its device type. */
export function modelOptions(models: readonly { id: number; name: string; deviceType: DeviceType; versions: readonly unknown[] }[]): { value: string; label: string }[] {
  return models
    .filter((m) => m.versions.length > 0)
    .map((m) => ({ value: String(m.id), label: `${m.name} (${TYPE_LABELS[m.deviceType]})` }))
    .sort((a, b) => a.label.localeCompare(b.label, 'en', { numeric: true }));
}

/** The versions whose version text contains the search (case-insensitive, a leading 'v' ignored); blank search: all. */
export function filterVersions<T extends { version: string }>(rows: readonly T[], search: string | undefined): T[] {
  const needle = search?.trim().toLowerCase().replace(/^v(?=\d)/, '');
  if (!needle) return [...rows];
  return rows.filter((row) => row.version.toLowerCase().includes(needle));
}

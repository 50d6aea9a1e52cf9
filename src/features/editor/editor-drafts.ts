import type { EditorDeviceType, Polygon } from '@contracts/editor';
import type { ZoneType } from '@contracts/devices';

/** A device as edited on the page: `id` null and `clientId` set for one placed here and not saved yet. */
export interface DeviceDraft {
  id: number | null;
  clientId: string | null;
  mac: string;
  name: string;
  type: EditorDeviceType;
  groupId: number;
  modelId: number;
  firmwareVersionId: number | null;
  role: string | null;
  physicalRole: 'ROOM' | 'BED' | null;
  zoneId: number | null;
  x: number | null;
  y: number | null;
  active: boolean;
  staged: boolean;
  publish: boolean;
  version: number | null;
}

/** A zone as edited on the page. */
export interface ZoneDraft {
  id: number | null;
  clientId: string | null;
  name: string;
  type: ZoneType;
  groupId: number;
  ehrId: string | null;
  geometry: Polygon;
  meta: { interval?: number } | null;
  active: boolean;
  staged: boolean;
  publish: boolean;
  version: number | null;
}

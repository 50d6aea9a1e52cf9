import type { Gateway } from '@contracts/gateways';
import { describe, expect, it } from 'vitest';
import { filterGateways, isOutdated, isUpdating, type GatewayFilters } from './gateway-filters';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

function gateway(id: number, patch: Partial<Gateway> = {}): Gateway {
  return {
    id,
    name: `Gateway ${id}`,
    groupId: 6,
    groupName: 'ICU – 3 North',
    mac: `AC:23:3F:00:00:0${id}`,
    modelId: 2,
    modelName: 'G1-C',
    station: false,
    lastHeartbeat: hoursAgo(1),
    lastHeartbeatHours: 1,
    createdAt: hoursAgo(24 * 30),
    software: [],
    availableVersions: [],
    updateStatus: null,
    status: null,
    ...patch,
  };
}

const ALL: GatewayFilters = { type: 'all', heartbeat: null, search: '', recentOnly: false };
const GATEWAYS = [
  gateway(1, { station: true, name: 'Kiosk 3N', modelName: 'Raspberry PI 3' }),
  gateway(2, { lastHeartbeat: hoursAgo(30) }),
  gateway(3, { lastHeartbeat: null, createdAt: hoursAgo(2) }),
];
const ids = (filters: Partial<GatewayFilters>) => filterGateways(GATEWAYS, { ...ALL, ...filters }, NOW).map((g) => g.id);

describe('gateway filters', () => {
  it('narrows by type, last heartbeat, recency and every searched word', () => {
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ type: 'station' })).toEqual([1]);
    expect(ids({ type: 'non-station' })).toEqual([2, 3]);
    expect(ids({ heartbeat: '0-12h' })).toEqual([1]);
    expect(ids({ heartbeat: '1-7d' })).toEqual([2]);
    expect(ids({ heartbeat: '7d+' })).toEqual([3]);
    expect(ids({ recentOnly: true })).toEqual([3]);
    expect(ids({ search: 'kiosk raspberry' })).toEqual([1]);
    expect(ids({ search: 'ac233f000002' })).toEqual([2]);
    expect(ids({ search: 'icu nothing' })).toEqual([]);
  });

  it('tells an outdated gateway and one being updated', () => {
    const outdated = { software: [{ name: 'lavo-gateway', version: { current: { id: 1, version: '1.0' }, latest: { id: 2, version: '1.1' } }, outdated: true }] };
    expect(isOutdated(outdated)).toBe(true);
    expect(isOutdated({ software: [] })).toBe(false);
    const status = (s: 'PENDING' | 'STARTED' | 'UPDATED' | 'FAILED') => ({ updateStatus: { jobId: 1, status: s, message: null, packageName: 'p', version: '1', updatedAt: hoursAgo(0) } });
    expect([isUpdating(status('PENDING')), isUpdating(status('STARTED')), isUpdating(status('UPDATED')), isUpdating({ updateStatus: null })]).toEqual([true, true, false, false]);
  });
});

import type { Job, Thing } from '@contracts/iot';
import { describe, expect, it } from 'vitest';
import { canCancelExecution, canCancelJob, connectivityOf, deviceRows, executionStatusLabel, isSelectable, jobsOfList, outdatedOf } from './iot-rows';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

const thing = (over: Partial<Thing> = {}): Thing => ({
  id: 1,
  awsId: 'FD-ICU-0001',
  name: 'Fall Sensor 301',
  type: 'fall_device_v1',
  typeName: 'Fall Device',
  entityType: 'IOT_DEVICE',
  groupId: 6,
  groupName: 'ICU – 3 North',
  x: 10,
  y: 20,
  packages: [],
  outdated: false,
  status: { connected: true, timestamp: hoursAgo(1) },
  ...over,
});

describe('connectivityOf', () => {
  it('says Online when connected', () => {
    expect(connectivityOf({ connected: true, timestamp: hoursAgo(100) }, NOW)).toMatchObject({ label: 'Online', detail: 'Connected' });
  });
  it('grades a disconnected device by the 24 h and 168 h thresholds', () => {
    expect(connectivityOf({ connected: false, timestamp: hoursAgo(5) }, NOW)).toMatchObject({ label: 'Recent Activity', detail: 'Last online 5 hours ago' });
    expect(connectivityOf({ connected: false, timestamp: hoursAgo(24) }, NOW).label).toBe('No Recent Activity');
    expect(connectivityOf({ connected: false, timestamp: hoursAgo(167) }, NOW).label).toBe('No Recent Activity');
    expect(connectivityOf({ connected: false, timestamp: hoursAgo(168) }, NOW)).toMatchObject({ label: 'Offline', detail: 'Last online 7 days ago' });
    expect(connectivityOf({ connected: false, timestamp: null }, NOW)).toMatchObject({ label: 'Offline', detail: 'Never online' });
  });
});

describe('deviceRows', () => {
  it('shows a queued edit over the server’s values and marks devices with a queued job', () => {
    const rows = deviceRows(
      [thing(), thing({ id: 2, awsId: 'FD-ICU-0002' })],
      [{ id: 1, name: 'Bed 1 sensor', groupId: 7, x: 3, y: 4, state: 'pending', error: null }],
      new Set([2]),
      (id) => (id === 7 ? 'ICU – 3 South' : undefined),
    );
    expect(rows[0]).toMatchObject({ name: 'Bed 1 sensor', groupId: 7, groupName: 'ICU – 3 South', x: 3, y: 4, jobQueued: false });
    expect(rows[0]!.edit?.state).toBe('pending');
    expect(rows[1]).toMatchObject({ name: 'Fall Sensor 301', edit: null, jobQueued: true });
  });
});

describe('selection', () => {
  it('allows only devices with outdated software and no job waiting to be sent', () => {
    expect(isSelectable({ outdated: true, jobQueued: false })).toBe(true);
    expect(isSelectable({ outdated: false, jobQueued: false })).toBe(false);
    expect(isSelectable({ outdated: true, jobQueued: true })).toBe(false);
    expect(outdatedOf([thing({ id: 1, outdated: true }), thing({ id: 2 })]).map((t) => t.id)).toEqual([1]);
  });
});

describe('jobs and executions', () => {
  const job = (id: number, status: Job['status'], list: Job['list']) => ({ id, status, list }) as Job;
  it('sorts jobs into the drawer’s tabs by their list', () => {
    const jobs = [job(1, 'SCHEDULED', 'PENDING'), job(2, 'IN_PROGRESS', 'ACTIVE'), job(3, 'COMPLETED', 'FINISHED'), job(4, 'CANCELED', 'FINISHED')];
    expect(jobsOfList(jobs, 'PENDING').map((j) => j.id)).toEqual([1]);
    expect(jobsOfList(jobs, 'ACTIVE').map((j) => j.id)).toEqual([2]);
    expect(jobsOfList(jobs, 'FINISHED').map((j) => j.id)).toEqual([3, 4]);
  });
  it('names IN_PROGRESS Updating and the rest in words', () => {
    expect(executionStatusLabel('IN_PROGRESS')).toBe('Updating');
    expect(executionStatusLabel('TIMED_OUT')).toBe('Timed out');
    expect(executionStatusLabel('QUEUED')).toBe('Queued');
  });
  it('cancels only a QUEUED execution, and a scheduled or running job', () => {
    expect(canCancelExecution({ status: 'QUEUED' })).toBe(true);
    expect(canCancelExecution({ status: 'IN_PROGRESS' })).toBe(false);
    expect(canCancelJob({ status: 'SCHEDULED' })).toBe(true);
    expect(canCancelJob({ status: 'COMPLETED' })).toBe(false);
  });
});

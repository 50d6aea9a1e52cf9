import { describe, expect, it } from 'vitest';
import type { Job } from '@contracts/iot';
import { finishedKey, jobsUnderWay } from './use-follow-jobs';

const job = (id: number, list: Job['list']): Job => ({
  id,
  name: `Job ${id}`,
  templateId: 1,
  templateName: 'Agent',
  description: null,
  startAt: null,
  status: list === 'FINISHED' ? 'COMPLETED' : list === 'ACTIVE' ? 'IN_PROGRESS' : 'SCHEDULED',
  list,
  targetCount: 1,
  groupId: 6,
  thingAwsIds: ['t'],
  parameters: {},
  createdAt: '2026-12-01T10:00:00.000Z',
  completedAt: null,
});

describe('following a location’s jobs', () => {
  it('reads them again while one is pending or running, and not once all are finished', () => {
    expect(jobsUnderWay([job(1, 'FINISHED'), job(2, 'ACTIVE')])).toBe(true);
    expect(jobsUnderWay([job(1, 'FINISHED'), job(3, 'PENDING')])).toBe(true);
    expect(jobsUnderWay([job(1, 'FINISHED')])).toBe(false);
    expect(jobsUnderWay(undefined)).toBe(false);
  });

  it('notices a job that finishes, whatever the order they come in', () => {
    const before = finishedKey([job(2, 'ACTIVE'), job(1, 'FINISHED')]);
    expect(finishedKey([job(1, 'FINISHED'), job(2, 'ACTIVE')])).toBe(before);
    expect(finishedKey([job(2, 'FINISHED'), job(1, 'FINISHED')])).not.toBe(before);
  });
});

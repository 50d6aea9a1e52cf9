import { describe, expect, it } from 'vitest';
import { gridColumns, heartbeatHealth, inHeartbeatBucket, isRecent } from './gateway-health';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

describe('gateway health', () => {
  it('warns from 12 hours without a heartbeat and errs from 24 hours or when never heard', () => {
    expect(heartbeatHealth(hoursAgo(11.9), NOW)).toBe('ok');
    expect(heartbeatHealth(hoursAgo(12), NOW)).toBe('warning');
    expect(heartbeatHealth(hoursAgo(23.9), NOW)).toBe('warning');
    expect(heartbeatHealth(hoursAgo(24), NOW)).toBe('error');
    expect(heartbeatHealth(null, NOW)).toBe('error');
  });

  it('puts each heartbeat in exactly one Last Heartbeat bucket, a gateway never heard in over 7 days', () => {
    const buckets = ['0-12h', '12-24h', '1-7d', '7d+'] as const;
    const bucketOf = (iso: string | null) => buckets.filter((b) => inHeartbeatBucket(iso, b, NOW));
    expect(bucketOf(hoursAgo(0))).toEqual(['0-12h']);
    expect(bucketOf(hoursAgo(12))).toEqual(['12-24h']);
    expect(bucketOf(hoursAgo(24))).toEqual(['1-7d']);
    expect(bucketOf(hoursAgo(167))).toEqual(['1-7d']);
    expect(bucketOf(hoursAgo(168))).toEqual(['7d+']);
    expect(bucketOf(null)).toEqual(['7d+']);
  });

  it('calls a gateway created within 24 hours recent', () => {
    expect(isRecent(hoursAgo(23), NOW)).toBe(true);
    expect(isRecent(hoursAgo(24), NOW)).toBe(false);
  });

  it('lays the cards in 4 columns over 1300 px, else 3', () => {
    expect([gridColumns(1301), gridColumns(1300), gridColumns(1024)]).toEqual([4, 3, 3]);
  });
});

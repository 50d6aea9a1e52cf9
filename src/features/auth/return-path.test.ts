import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

describe('returnPath', () => {
  it('returns an address inside /app with its query', () => {
    expect(returnPath('/app/reports/compliance?startDate=2026-11-01&endDate=2026-11-07')).toBe(
      '/app/reports/compliance?startDate=2026-11-01&endDate=2026-11-07',
    );
    expect(returnPath('/app')).toBe('/app');
    expect(returnPath('/app/maintenance/nfc?page=2#top')).toBe('/app/maintenance/nfc?page=2#top');
  });

  it('follows nothing outside /app or off this site', () => {
    for (const asked of [
      undefined,
      '',
      'https://evil.example/app',
      '//evil.example/app/reports',
      '/\\evil.example/app',
      'app/reports',
      '/auth',
      '/application',
      '/app/../auth',
      'javascript:alert(1)',
    ]) {
      expect(returnPath(asked), String(asked)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { staffByBadge } from './staff-by-badge';
import { ICU } from './test-data';

describe('who a scanned badge names', () => {
  it('finds the holder of a wearable by its MAC, however the code writes it', () => {
    expect(staffByBadge(ICU, '0E:A1:00:00:00:41')?.name).toBe('Dana Ortiz');
    expect(staffByBadge(ICU, '0ea100000041')?.name).toBe('Dana Ortiz');
  });

  it('finds the holder of an NFC tag by its whole id or its first 14 characters, and no shorter part', () => {
    expect(staffByBadge(ICU, '04A1B2C3D4E5F6AB12345')?.id).toBe(41);
    expect(staffByBadge(ICU, '04:a1:b2:c3:d4:e5:f6')?.id).toBe(41);
    expect(staffByBadge(ICU, '04A1B2C3D4E5')).toBeNull();
  });

  it('names nobody for a code no one on the unit holds', () => {
    expect(staffByBadge(ICU, '0E:A1:00:00:00:99')).toBeNull();
    expect(staffByBadge(ICU, '  ')).toBeNull();
  });
});

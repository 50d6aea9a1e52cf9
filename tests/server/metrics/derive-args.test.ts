import { describe, expect, it } from 'vitest';
import { parseDeriveArgs } from '../../../server/src/modules/metrics/derive-args';

describe('npm run derive arguments', () => {
  it('reads whole UTC days, both included, written with a space or an equals sign', () => {
    expect(parseDeriveArgs(['--from', '2025-03-01', '--to=2025-03-02'])).toEqual({
      from: new Date('2025-03-01T00:00:00.000Z'),
      to: new Date('2025-03-02T23:59:59.999Z'),
    });
  });

  it('refuses a missing, malformed, reversed or unknown argument with a message naming it', () => {
    expect(() => parseDeriveArgs(['--from', '2025-03-01'])).toThrow(/^--to /);
    expect(() => parseDeriveArgs(['--from', '2025-13-01', '--to', '2025-03-02'])).toThrow(/^--from must be a date \(YYYY-MM-DD\)/);
    expect(() => parseDeriveArgs(['--from', '2025-03-02', '--to', '2025-03-01'])).toThrow(/^--from must not be after --to/);
    expect(() => parseDeriveArgs(['--since', '2025-03-01'])).toThrow(/Unknown argument "--since"/);
    expect(() => parseDeriveArgs(['--from', '1999-12-31', '--to', '2025-03-01'])).toThrow(/must be a day from 2000-01-01/);
  });
});

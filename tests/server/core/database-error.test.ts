import { describe, expect, it, vi } from 'vitest';
import { databaseErrorOf, uniqueViolationOf, writeRefusalOf, type WriteRefusals } from '../../../server/src/core/database-error';

// What drivers raise, as drizzle wraps it: an error with SQLSTATE `code` and `severity` in the
// cause chain. (The NFC write-errors test maps what PGlite and PostgreSQL really raise.)
const raised = (code: string, constraint?: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code, severity: 'ERROR', constraint }) });

const refusals: WriteRefusals = { conflicts: { things_name_key: 'Name taken' }, unknown: 'Something went wrong', what: 'Thing write' };

describe('database errors', () => {
  it('reads the SQLSTATE and constraint through the cause chain', () => {
    expect(databaseErrorOf(raised('23505', 'things_name_key'))).toEqual({ code: '23505', constraint: 'things_name_key' });
    expect(databaseErrorOf(new Error('plain'))).toBeNull();
    expect(databaseErrorOf(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBeNull();
  });

  it('names the constraint of a unique violation only', () => {
    expect(uniqueViolationOf(raised('23505', 'things_name_key'))).toBe('things_name_key');
    expect(uniqueViolationOf(raised('23505'))).toBe('');
    expect(uniqueViolationOf(raised('23503', 'things_parent_fkey'))).toBeNull();
  });

  it('answers a known unique violation 409 with its message, without logging', () => {
    const log = { error: vi.fn() };
    expect(writeRefusalOf(raised('23505', 'things_name_key'), refusals, log)).toEqual({ statusCode: 409, message: 'Name taken' });
    expect(log.error).not.toHaveBeenCalled();
  });

  it('answers any other refusal 400 with the unknown message, and logs it', () => {
    for (const error of [raised('23505', 'other_key'), raised('23503'), raised('23514')]) {
      const log = { error: vi.fn() };
      expect(writeRefusalOf(error, refusals, log)).toEqual({ statusCode: 400, message: 'Something went wrong' });
      expect(log.error).toHaveBeenCalledTimes(1);
    }
  });

  it('lets transient failures and errors that are not the database’s pass through', () => {
    const log = { error: vi.fn() };
    for (const error of [raised('40001'), raised('08006'), raised('57P01'), new TypeError('bug')]) {
      expect(writeRefusalOf(error, refusals, log)).toBeNull();
    }
    expect(log.error).not.toHaveBeenCalled();
  });
});

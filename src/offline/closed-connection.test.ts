import { describe, expect, it, vi } from 'vitest';
import { againIfClosed, isClosedConnection } from './db';

// A connection the browser closes under a write (Chromium under load, Safari in the background)
// costs the user nothing: the write is made again once Dexie has opened the database again.

/** Errors as Dexie names them. */
const named = (name: string, message: string) => Object.assign(new Error(message), { name });
const closed = () => Object.assign(new Error('AbortError The connection was closed.'), { name: 'AbortError' });

describe('a connection the browser closed', () => {
  it('is told apart from every other failure', () => {
    expect(isClosedConnection(closed())).toBe(true);
    expect(isClosedConnection(named('DatabaseClosedError', 'Database has been closed'))).toBe(true);
    expect(isClosedConnection(named('QuotaExceededError', 'The quota has been exceeded.'))).toBe(false);
    expect(isClosedConnection(new Error('Constraint failed'))).toBe(false);
  });

  it('makes the write again once, and answers what the second try answers', async () => {
    const write = vi.fn<() => Promise<string>>().mockRejectedValueOnce(closed()).mockResolvedValueOnce('stored');
    await expect(againIfClosed(write)).resolves.toBe('stored');
    expect(write).toHaveBeenCalledTimes(2);
  });

  it('passes any other failure on, and a second close too', async () => {
    const full = vi.fn<() => Promise<string>>().mockRejectedValue(named('QuotaExceededError', 'The quota has been exceeded.'));
    await expect(againIfClosed(full)).rejects.toThrow();
    expect(full).toHaveBeenCalledTimes(1);
    const twice = vi.fn<() => Promise<string>>().mockRejectedValue(closed());
    await expect(againIfClosed(twice)).rejects.toThrow('connection was closed');
    expect(twice).toHaveBeenCalledTimes(2);
  });
});

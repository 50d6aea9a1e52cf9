import { describe, expect, it } from 'vitest';
import { assignInBatches } from './assign-role';

describe('assignInBatches', () => {
  it('sends 25 at a time, each batch after the last one answered, and reports progress per batch', async () => {
    let inFlight = 0;
    let most = 0;
    const started: number[][] = [];
    const assign = async (userId: number) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      started.push([userId, inFlight]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      if (userId === 27) throw new Error('User not found');
    };
    const progress: number[] = [];
    const ids = Array.from({ length: 60 }, (_, i) => i + 1);
    const outcome = await assignInBatches(ids, 5, (done) => progress.push(done), assign);
    expect(most).toBe(25);
    expect(progress).toEqual([25, 50, 60]);
    // User 26 starts only once the first 25 have all answered.
    expect(started.find(([id]) => id === 26)?.[1]).toBe(1);
    expect(outcome.assigned).toHaveLength(59);
    expect(outcome.failed).toEqual([{ userId: 27, message: 'User not found' }]);
  });
});

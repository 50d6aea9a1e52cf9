import { beforeAll, describe, expect, it } from 'vitest';
import { generateEvents } from '../../../server/src/simulator/generate';
import type { World } from '../../../server/src/simulator/world-index';
import { complianceOf } from './compliance';
import { DAY, demoWorld, T0 } from './world';

describe('generated hand hygiene', () => {
  let world: World;
  beforeAll(async () => {
    world = await demoWorld();
  });

  it('is believable: 55–90 % compliant overall and per profession, nurses above the lowest groups', () => {
    const events = generateEvents(world, { from: T0 - 14 * DAY, to: T0 });
    const tally = complianceOf(world, events);
    expect(tally.opportunities).toBeGreaterThan(20_000);
    const overall = tally.compliant / tally.opportunities;
    expect(overall).toBeGreaterThan(0.6);
    expect(overall).toBeLessThan(0.88);
    // A few visits are too short to count.
    expect(tally.shortVisits).toBeGreaterThan(0);

    const byProfession = new Map<string, { o: number; c: number }>();
    const users = new Map(world.data.users.map((u) => [u.id, u]));
    for (const [userId, t] of tally.byUser) {
      const code = users.get(userId)?.professionCode ?? 'OTHER';
      const p = byProfession.get(code) ?? { o: 0, c: 0 };
      p.o += t.opportunities;
      p.c += t.compliant;
      byProfession.set(code, p);
    }
    const rate = (code: string) => {
      const p = byProfession.get(code);
      return p && p.o > 0 ? p.c / p.o : Number.NaN;
    };
    for (const [code, p] of byProfession) {
      if (p.o < 500) continue;
      expect(p.c / p.o, code).toBeGreaterThan(0.5);
      expect(p.c / p.o, code).toBeLessThan(0.92);
    }
    expect(rate('REGISTERED_NURSE')).toBeGreaterThan(rate('ENVIRONMENTAL_SERVICES'));
    expect(rate('REGISTERED_NURSE')).toBeGreaterThan(rate('PHYSICIAN'));
  });

  it('times washes realistically: sanitizer around 15–25 s, soap longer, some too short', () => {
    const events = generateEvents(world, { from: T0 - 3 * DAY, to: T0 });
    const soapMacs = new Set(world.data.devices.filter((d) => d.role === 'Soap').map((d) => d.mac));
    const soap: number[] = [];
    const sanitizer: number[] = [];
    for (const { event } of events) {
      if (event.type === 'dispense' && event.wearable && event.durationS !== undefined) (soapMacs.has(event.dispenser) ? soap : sanitizer).push(event.durationS);
      if (event.type === 'wash') (event.washType === 'SOAP' ? soap : sanitizer).push(event.durationS ?? 0);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    expect(median(sanitizer)).toBeGreaterThan(15);
    expect(median(sanitizer)).toBeLessThan(25);
    expect(median(soap)).toBeGreaterThan(22);
    expect(median(soap)).toBeLessThan(40);
    expect(sanitizer.filter((s) => s < 10).length / sanitizer.length).toBeGreaterThan(0.03);
  });
});

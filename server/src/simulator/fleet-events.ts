import { demoBattery, stableHash } from '../db/demo/devices-data';
import { createRandom, type Random } from '../db/demo/random';
import { mixSeed, uniform } from './behaviour';
import { Emitter, type SimEvent } from './emitter';
import { toSecond } from './shift';
import { dayStamp, HOUR, localDay, localToUtc } from './time';
import type { World } from './world-index';

/** Simulated devices say they are alive this often. */
export const HEARTBEAT_EVERY = 6 * HOUR;
/** Gateways, which are powered and online, every hour: data trust counts a gateway's hours (docs/METRICS.md 'Data trust'). */
export const GATEWAY_HEARTBEAT_EVERY = HOUR;
/** Visitors use the dispensers between these local hours. */
const VISITING_FROM = 8 * HOUR;
const VISITING_HOURS = 12 * HOUR;

/** A Poisson draw (Knuth), for the small daily means used here. */
function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random.next();
  while (p > limit) {
    k++;
    p *= random.next();
  }
  return k;
}

const heldAt = (holders: readonly { from: number; to: number | null }[] | undefined, at: number) =>
  holders?.some((h) => h.from <= at && (h.to === null || at < h.to)) ?? false;

/**
 * Heartbeats of every working device on a fixed grid (HEARTBEAT_EVERY, gateways
 * GATEWAY_HEARTBEAT_EVERY, each device at its own phase; wearables only while someone holds them;
 * silent devices never), with the battery the demo gives the device. Ids `sim-hb-{deviceId}-{k}`.
 */
export function heartbeatEvents(world: World, from: number, to: number, out: SimEvent[]): void {
  const e = new Emitter(out, from, to, '', null);
  for (const [deviceId, sender] of world.heartbeatSender) {
    const device = world.devices.get(deviceId);
    const health = world.health.get(deviceId);
    if (!device || !health) continue;
    const wearable = device.type === 'WRISTBAND' || device.type === 'BADGE';
    const holders = world.holders.get(deviceId);
    const every = device.type === 'GATEWAY' ? GATEWAY_HEARTBEAT_EVERY : HEARTBEAT_EVERY;
    const phase = toSecond(stableHash(device.mac) % every);
    const battery = demoBattery(device, health);
    for (let k = Math.ceil((from - phase) / every); ; k++) {
      const at = k * every + phase;
      if (at >= to) break;
      if (wearable && !heldAt(holders, at)) continue;
      e.reset(`sim-hb-${deviceId}`, sender, k);
      e.heartbeat(at, device.mac, battery?.percent, battery?.mv ?? undefined);
    }
  }
}

/**
 * Uncredited dispenses (visitors, patients, staff without a wearable) during local visiting hours:
 * a Poisson number per dispenser and day around its usual rate. Ids `sim-v{dispenserId}-{YYYYMMDD}-{n}`.
 */
export function visitorEvents(world: World, seed: number, from: number, to: number, out: SimEvent[]): void {
  const e = new Emitter(out, from, to, '', null);
  for (const { dispenser, groupId, perDay } of world.visitorDispensers) {
    const unit = world.units.get(groupId);
    if (!unit) continue;
    const tz = unit.group.timeZone;
    for (let day = localDay(tz, from); day <= localDay(tz, to - 1); day++) {
      const random = createRandom(mixSeed(seed, dispenser.id, day, 0x715));
      const count = poisson(random, perDay);
      e.reset(`sim-v${dispenser.id}-${dayStamp(day)}`, unit.sender);
      const open = localToUtc(tz, day, VISITING_FROM);
      for (let i = 0; i < count; i++) {
        const at = toSecond(open + random.next() * VISITING_HOURS);
        const seconds = Math.round(uniform(random, 3, 14) * 10) / 10;
        e.dispense(at, dispenser.mac, undefined, dispenser.measuresDuration ? seconds : undefined);
      }
    }
  }
}

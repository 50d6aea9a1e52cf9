import { createRandom, type Random } from '../db/demo/random';
import type { Unit, UnitKind } from './world-index';
import type { WorldUser } from './world';

// How simulated staff behave: how often they go into patient rooms, for how long, and how
// reliably they clean their hands, by profession and unit. Tuned so hand-hygiene compliance lands
// between about 55 % and 90 %: nurses highest, transport and environmental services lowest, ICUs
// above emergency departments.

export interface Profile {
  /** Room visits per working hour. */
  visitsPerHour: number;
  /** Median visit length, minutes. */
  visitMinutes: number;
  /** Chance of hand hygiene at an opportunity, before unit and personal adjustments. */
  compliance: number;
  /** Works day shifts only. */
  daysOnly: boolean;
}

const profile = (visitsPerHour: number, visitMinutes: number, compliance: number, daysOnly = false): Profile => ({
  visitsPerHour,
  visitMinutes,
  compliance,
  daysOnly,
});

export const PROFILES: Readonly<Record<string, Profile>> = {
  REGISTERED_NURSE: profile(3.2, 4.5, 0.86),
  PATIENT_CARE_TECHNICIAN: profile(2.8, 5, 0.76),
  PHYSICIAN: profile(1.5, 6, 0.68, true),
  NURSE_PRACTITIONER: profile(1.6, 7, 0.8, true),
  PHYSICIAN_ASSISTANT: profile(1.5, 6, 0.74, true),
  RESPIRATORY_THERAPIST: profile(2, 8, 0.82),
  PHYSICAL_THERAPIST: profile(1.1, 14, 0.78, true),
  ENVIRONMENTAL_SERVICES: profile(1.4, 9, 0.62),
  PHLEBOTOMIST: profile(2.2, 4, 0.72, true),
  PHARMACIST: profile(0.6, 5, 0.76, true),
  DIETITIAN: profile(0.8, 8, 0.72, true),
  TRANSPORT: profile(1, 4, 0.58),
  CHILD_LIFE_SPECIALIST: profile(1.2, 15, 0.82, true),
  ONCOLOGY_NURSE_NAVIGATOR: profile(1, 10, 0.84, true),
  OTHER: profile(0.8, 5, 0.64),
};

const UNIT_COMPLIANCE: Record<UnitKind, number> = { icu: 0.06, ed: -0.05, ward: 0 };

/** A worker's fixed habits, drawn once per seed. */
export interface Traits {
  profile: Profile;
  /** Local shift start, hours after midnight. */
  startHour: number;
  lengthHours: number;
  /** Chance of working on a given day. */
  workChance: number;
  /** Personal hand-hygiene chance at an opportunity (before the day's mood). */
  compliance: number;
  /** Personal pace: multiplies the visit rate. */
  pace: number;
}

/** A 32-bit mix of integers, for seeding one RNG per (seed, worker, day). */
export function mixSeed(...parts: number[]): number {
  let h = 0x2545f491;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h >>> 0;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A standard normal draw (Box–Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** A uniform draw in [min, max). */
export const uniform = (random: Random, min: number, max: number) => min + (max - min) * random.next();

/** Draws a worker's habits: their shift pattern and how they clean their hands. */
export function traitsOf(seed: number, user: WorldUser, unit: Unit): Traits {
  const random = createRandom(mixSeed(seed, user.id, 0x7a17));
  const p = PROFILES[user.professionCode ?? 'OTHER'] ?? (PROFILES.OTHER as Profile);
  const lengthHours = unit.group.shiftLengthHours >= 10 ? 12 : 8;
  const startHour = p.daysOnly
    ? 7
    : lengthHours === 12
      ? random.weighted([[7, 65], [19, 35]] as const)
      : random.weighted([[7, 50], [15, 30], [23, 20]] as const);
  return {
    profile: p,
    startHour,
    lengthHours,
    workChance: lengthHours === 12 ? 0.47 : 0.55,
    compliance: clamp(p.compliance + UNIT_COMPLIANCE[unit.kind] + 0.06 * gaussian(random), 0.4, 0.97),
    pace: clamp(1 + 0.15 * gaussian(random), 0.7, 1.4),
  };
}

/** A wash duration in seconds (one decimal): sanitizer ~15–25 s, soap ~20–40 s, some too short. */
export function washSeconds(random: Random, soap: boolean): number {
  const s = soap
    ? random.chance(0.12) ? uniform(random, 6, 15) : clamp(30 + 6 * gaussian(random), 15, 60)
    : random.chance(0.1) ? uniform(random, 4, 10) : clamp(20 + 4 * gaussian(random), 10, 35);
  return Math.round(s * 10) / 10;
}

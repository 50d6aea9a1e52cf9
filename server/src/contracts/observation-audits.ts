import { z } from 'zod';
import { endpoint } from './endpoint';
import { reportQuerySchema } from './reports/common';
import { bodyObject, clientIdField, dateTimeField, flagParam, idField, idParam, monthField, textField } from './fields';

// Observation audits (docs/METRICS.md '11. Observation audits: how far the sensors agree'): an
// infection-prevention observer watches a unit for a session and records each opportunity. Both
// are created on the observer's device, offline as often as not, and named by the id the device
// gave them, so a replay of a record is recognized and stored once.

/**
 * What made the opportunity: one of the WHO's five moments, or a room entry or exit where the
 * unit's compliance windows count entries and exits.
 */
export const OBSERVATION_INDICATIONS = ['MOMENT_1', 'MOMENT_2', 'MOMENT_3', 'MOMENT_4', 'MOMENT_5', 'ROOM_ENTRY', 'ROOM_EXIT'] as const;
export type ObservationIndication = (typeof OBSERVATION_INDICATIONS)[number];

export const INDICATION_LABELS: Record<ObservationIndication, string> = {
  MOMENT_1: 'Before touching a patient',
  MOMENT_2: 'Before a clean or aseptic procedure',
  MOMENT_3: 'After body fluid exposure risk',
  MOMENT_4: 'After touching a patient',
  MOMENT_5: 'After touching patient surroundings',
  ROOM_ENTRY: 'Room entry',
  ROOM_EXIT: 'Room exit',
};

/** What the person did: hand rub, hand wash (both compliant), or nothing (missed). */
export const OBSERVATION_ACTIONS = ['RUB', 'WASH', 'MISSED'] as const;
export type ObservationAction = (typeof OBSERVATION_ACTIONS)[number];

/** Whether an observed action counts as hand hygiene performed. */
export const isCompliantAction = (action: ObservationAction) => action !== 'MISSED';

/** The longest a session may last: an observer's shift. */
export const MAX_SESSION_HOURS = 12;

/**
 * How far apart, either way, an observation and a sensor opportunity may be and still match
 * (docs/METRICS.md '11. Observation audits: how far the sensors agree'), unless the unit's
 * organization sets its own within MATCH_TOLERANCE_RANGE.
 */
export const MATCH_TOLERANCE_SECONDS = 60;
export const MATCH_TOLERANCE_RANGE = { min: 10, max: 600 } as const;
/** How long before and after a session behaviour may still be changed by it (docs/METRICS.md '12. The Hawthorne gap'). */
export const AROUND_SESSION_MINUTES = 60;
/** The opportunities a patient care unit monitors each month, by Leapfrog option (docs/METRICS.md '13. Leapfrog readiness'). */
export const LEAPFROG_TARGETS = { 1: 200, 2: 100 } as const;

/**
 * The method in words, as the evidence pack prints it and the audits page explains it: made from
 * the constants the computation uses, so the words cannot drift from the figures.
 */
export const AUDIT_METHOD = [
  `An infection-prevention observer records each hand-hygiene opportunity on a unit; rub or wash is compliant, missed is not. The observer is the reference.`,
  `An observation matches a sensor opportunity in the same room at most the tolerance of the unit's organization apart (${MATCH_TOLERANCE_SECONDS} s unless it sets another, shown with each unit): an identified person's only that wearer's, an unidentified one any wearer's of the profession chosen. Each matches at most one, closest in time first.`,
  `Agreement, sensitivity and positive predictive value are shares of the matched opportunities with Wilson 95 % intervals; Cohen's κ is the agreement beyond chance, with its large-sample 95 % interval.`,
  `The Hawthorne gap compares the sensors' compliance on the unit during the sessions with that of the same weekdays' same shifts in the same weeks, without the sessions and the ${AROUND_SESSION_MINUTES} minutes before and after each; a gap's interval is Newcombe's hybrid score interval.`,
  `Leapfrog readiness: each patient care unit monitors ${LEAPFROG_TARGETS[1]} opportunities a month (option 1) or ${LEAPFROG_TARGETS[2]} (option 2), on every shift, weekday and role, and is validated by an observation audit in the month.`,
] as const;

/** A session started on the observer's device: the unit watched and when watching began. */
export const observationSessionBodySchema = bodyObject({
  clientId: clientIdField,
  /** The unit (location) watched. */
  groupId: idField,
  startedAt: dateTimeField,
});
export type ObservationSessionBody = z.input<typeof observationSessionBodySchema>;

/** The end of a session, by the id its device gave it. */
export const observationSessionEndSchema = bodyObject({ endedAt: dateTimeField });

/**
 * One recorded opportunity. The person is named by their user id when the observer identified
 * them (badge, NFC tag or the unit's staff), else by the profession chosen, or neither.
 */
export const observationBodySchema = bodyObject({
  clientId: clientIdField,
  /** The session it was recorded in, by the id its device gave it. */
  sessionClientId: clientIdField,
  /** When it was recorded (the observer's tap). */
  observedAt: dateTimeField,
  /** The patient room it was observed in; null when the observer did not say. */
  zoneId: idField.nullable(),
  indication: z.enum(OBSERVATION_INDICATIONS),
  action: z.enum(OBSERVATION_ACTIONS),
  gloves: z.boolean(),
  userId: idField.nullable(),
  professionId: textField(64).nullable(),
}).refine((o) => o.userId === null || o.professionId === null, {
  message: 'name the person by userId or by professionId, not both',
  path: ['professionId'],
});
export type ObservationBody = z.input<typeof observationBodySchema>;

// ---- What the API answers ------------------------------------------------------------------

/** A stored session, as its observer's device and the lists show it. */
export const observationSessionSchema = z.object({
  clientId: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  observer: z.object({ id: z.number().int(), name: z.string() }),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Opportunities recorded, and of them those with hand hygiene performed. */
  observations: z.number().int(),
  compliant: z.number().int(),
});
export type ObservationSession = z.infer<typeof observationSessionSchema>;

/** A stored observation. */
export const observationSchema = z.object({
  clientId: z.string(),
  sessionClientId: z.string(),
  observedAt: z.string(),
  zoneId: z.number().int().nullable(),
  indication: z.enum(OBSERVATION_INDICATIONS),
  action: z.enum(OBSERVATION_ACTIONS),
  gloves: z.boolean(),
  userId: z.number().int().nullable(),
  professionId: z.string().nullable(),
});
export type Observation = z.infer<typeof observationSchema>;

/** A unit an observer may audit: its rooms, its staff and the professions to choose from, for the device to keep offline. */
export const auditUnitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The hospital (or other location) above it, for the picker. */
  parentName: z.string().nullable(),
  /** The unit's clock, named ('US/Pacific'). */
  timeZone: z.string(),
  rooms: z.array(z.object({ id: z.number().int(), name: z.string() })),
  staff: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      professionId: z.string().nullable(),
      /** The MACs of the wearables (badges, wristbands) they hold now: a badge's QR code names them. */
      wearableMacs: z.array(z.string()),
      /** The full ids of their active NFC tags (nfcId and short id together). */
      nfcTags: z.array(z.string()),
    }),
  ),
  professions: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type AuditUnit = z.infer<typeof auditUnitSchema>;

/** A figure with its 95 % interval and n (docs/METRICS.md '11. Observation audits: how far the sensors agree'). */
export const estimateSchema = z.object({ value: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable(), n: z.number().int() });
export type EstimateFigure = z.infer<typeof estimateSchema>;
/** A difference of two proportions with its 95 % interval (docs/METRICS.md '12. The Hawthorne gap'). */
export const differenceSchema = z.object({ value: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable() });
export type DifferenceFigure = z.infer<typeof differenceSchema>;

/** One unit's month of observation audits: the matching, the validation figures and the Hawthorne gap. */
export const unitValidationSchema = z.object({
  groupId: z.number().int(),
  name: z.string(),
  timeZone: z.string(),
  sessions: z.number().int(),
  observed: z.number().int(),
  matched: z.number().int(),
  /** How far apart, in seconds, an observation and a sensor opportunity were matched: the unit's organization's tolerance. */
  toleranceSeconds: z.number().int(),
  /** Observed opportunities the sensors did not see. */
  unseen: z.number().int(),
  /** Sensor opportunities in the observed rooms during the sessions that the observer did not record. */
  unrecorded: z.number().int(),
  table: z.object({ both: z.number().int(), observerOnly: z.number().int(), sensorsOnly: z.number().int(), neither: z.number().int() }),
  agreement: estimateSchema,
  sensitivity: estimateSchema,
  positivePredictiveValue: estimateSchema,
  kappa: estimateSchema,
  hawthorne: z.object({
    observed: estimateSchema,
    sensorsDuring: estimateSchema,
    sensorsUnobserved: estimateSchema,
    watchedGap: differenceSchema,
    observerGap: differenceSchema,
  }),
});
export type UnitValidation = z.infer<typeof unitValidationSchema>;

/** Beside a report's compliance: the validation of the units it covers, in the month of its last day. */
export const validationSummarySchema = z.object({
  month: z.string(),
  /** The patient care units the report covers. */
  units: z.number().int(),
  /** Those validated in the month: a matched pair and a defined κ. */
  validated: z.array(z.object({ groupId: z.number().int(), name: z.string(), kappa: estimateSchema, agreement: estimateSchema, matched: z.number().int() })),
  /** The line shown, from the code that computes it. */
  words: z.string(),
});
export type ValidationSummary = z.infer<typeof validationSummarySchema>;

export const LEAPFROG_OPTIONS = ['1', '2'] as const;

/** One patient care unit's Leapfrog month. */
export const unitReadinessSchema = z.object({
  groupId: z.number().int(),
  unit: z.string(),
  status: z.enum(['Complete', 'Gap']),
  target: z.number().int(),
  opportunities: z.number().int(),
  byShift: z.record(z.string(), z.number().int()),
  byWeekday: z.array(z.number().int()),
  byRole: z.record(z.string(), z.number().int()),
  validation: z.object({ sessions: z.number().int(), matched: z.number().int(), kappa: z.number().nullable() }),
  gaps: z.array(z.string()),
  thin: z.array(z.string()),
});
export type UnitReadinessRow = z.infer<typeof unitReadinessSchema>;

const monthQuery = z.object({
  /** A unit, or a location whose units are meant. */
  groupId: idParam,
  month: monthField,
});

export const auditSessionsQuerySchema = monthQuery.extend({
  /** Only the caller's own sessions. */
  mine: flagParam.optional(),
});
export const leapfrogQuerySchema = monthQuery.extend({ option: z.enum(LEAPFROG_OPTIONS, "must be '1' or '2'").default('1') });

export const AUDIT_MESSAGES = {
  sessionNotFound: 'Observation session not found',
  sessionEnded: 'This session has ended',
  notAUnit: 'Observation audits are made on a patient care unit',
  outsideSession: 'The observation is outside its session',
  roomNotOnUnit: 'Room not found on this unit',
  personNotFound: 'User not found',
  professionNotFound: 'Profession not found',
  tooLong: `A session lasts at most ${MAX_SESSION_HOURS} hours`,
} as const;

/** The observation audits' calls (docs/SCREENS.md 'Observation Audits'). */
export const auditEndpoints = {
  units: endpoint({ method: 'GET', path: '/audits/units', response: z.object({ data: z.array(auditUnitSchema) }) }),
  startSession: endpoint({ method: 'POST', path: '/audits/sessions', body: observationSessionBodySchema, response: observationSessionSchema }),
  endSession: endpoint({
    method: 'POST',
    path: '/audits/sessions/:clientId/end',
    params: z.object({ clientId: clientIdField }),
    body: observationSessionEndSchema,
    response: observationSessionSchema,
  }),
  record: endpoint({ method: 'POST', path: '/audits/observations', body: observationBodySchema, response: observationSchema }),
  undo: endpoint({ method: 'DELETE', path: '/audits/observations/:clientId', params: z.object({ clientId: clientIdField }), response: z.object({ removed: z.boolean() }) }),
  sessions: endpoint({ method: 'GET', path: '/audits/sessions', query: auditSessionsQuerySchema, response: z.object({ data: z.array(observationSessionSchema) }) }),
  summary: endpoint({ method: 'GET', path: '/audits/validation/summary', query: reportQuerySchema, response: validationSummarySchema }),
  validation: endpoint({ method: 'GET', path: '/audits/validation', query: monthQuery, response: z.object({ month: z.string(), units: z.array(unitValidationSchema) }) }),
  leapfrog: endpoint({
    method: 'GET',
    path: '/audits/leapfrog',
    query: leapfrogQuerySchema,
    response: z.object({ month: z.string(), option: z.enum(LEAPFROG_OPTIONS), status: z.enum(['Complete', 'Gap']), summary: z.string(), units: z.array(unitReadinessSchema) }),
  }),
};

import { INDICATION_LABELS, type AuditUnit, type ObservationAction, type ObservationBody, type ObservationSessionBody } from '@contracts/observation-audits';
import { registerOutboxHandler } from '@/offline/outbox';
import { auditKeys } from './api/keys';
import { endSession, recordObservation, startSession, undoObservation } from './api/send-audit-edits';

// An observer's session and records are made on the ward, without signal as often as not: each is
// queued in the outbox, shown as pending, sent once (its Idempotency-Key, and the id the device gave
// it) and kept with the server's reason when refused (docs/SCREENS.md 'Observation Audits').

/** The outbox types of the observation audits. */
export const AUDIT_SESSION_START = 'audit.session.start';
export const AUDIT_SESSION_END = 'audit.session.end';
export const AUDIT_OBSERVATION = 'audit.observation';
export const AUDIT_OBSERVATION_UNDO = 'audit.observation.undo';

export interface SessionStartPayload {
  body: ObservationSessionBody;
  unitName: string;
  /** The unit as the device keeps it with the session, so the session can be restored from the queue. */
  unit: AuditUnit;
}

export interface SessionEndPayload {
  clientId: string;
  endedAt: string;
  unitName: string;
}

export interface ObservationPayload {
  body: ObservationBody;
  /** Who and where, for the outbox panel: 'Dana Ortiz', 'Nurse', null (unknown). */
  personName: string | null;
  /** The room's name, as the session's records show it. */
  roomName: string | null;
}

export interface ObservationUndoPayload {
  clientId: string;
  sessionClientId: string;
  indication: ObservationBody['indication'];
  action: ObservationAction;
}

/**
 * One entity per session: its start, records, undos and end are sent in the order they were made,
 * so no record reaches the server before its session, nor an undo before its record.
 */
export const auditSessionEntity = (sessionClientId: string) => `audit-session:${sessionClientId}`;

export const ACTION_WORDS: Record<ObservationAction, string> = { RUB: 'Rub', WASH: 'Wash', MISSED: 'Missed' };

const refreshSessions = () => [auditKeys.sessionLists()];

/** Registers the observation audits' edit types with the outbox. */
export function registerAuditOutboxHandlers(): void {
  registerOutboxHandler<SessionStartPayload>(AUDIT_SESSION_START, {
    send: async ({ body }, { idempotencyKey }) => void (await startSession(body, idempotencyKey)),
    describe: ({ unitName }) => `Start an observation session on ${unitName}`,
    invalidates: refreshSessions,
  });
  registerOutboxHandler<SessionEndPayload>(AUDIT_SESSION_END, {
    send: async ({ clientId, endedAt }, { idempotencyKey }) => void (await endSession(clientId, endedAt, idempotencyKey)),
    describe: ({ unitName }) => `End the observation session on ${unitName}`,
    invalidates: refreshSessions,
  });
  registerOutboxHandler<ObservationPayload>(AUDIT_OBSERVATION, {
    send: ({ body }, { idempotencyKey }) => recordObservation(body, idempotencyKey),
    describe: ({ body, personName }) =>
      `Observation: ${INDICATION_LABELS[body.indication]}, ${ACTION_WORDS[body.action]}${body.gloves ? ' with gloves' : ''}${personName ? ` (${personName})` : ''}`,
    invalidates: refreshSessions,
  });
  registerOutboxHandler<ObservationUndoPayload>(AUDIT_OBSERVATION_UNDO, {
    send: ({ clientId }, { idempotencyKey }) => undoObservation(clientId, idempotencyKey),
    describe: ({ indication, action }) => `Undo observation: ${INDICATION_LABELS[indication]}, ${ACTION_WORDS[action]}`,
    invalidates: refreshSessions,
  });
}

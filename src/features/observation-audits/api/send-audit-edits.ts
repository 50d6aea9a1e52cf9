import { auditEndpoints, type ObservationBody, type ObservationSession, type ObservationSessionBody } from '@contracts/observation-audits';
import { mainApi } from '@/lib/api-client';

// The observer's creations, each sent by the outbox under its Idempotency-Key; the server also
// knows each by the id the device gave it, so a replay stores nothing new
// (docs/METRICS.md '11. Observation audits: how far the sensors agree').

const once = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/** POST /audits/sessions. */
export function startSession(body: ObservationSessionBody, idempotencyKey: string): Promise<ObservationSession> {
  return mainApi.call(auditEndpoints.startSession, { body, headers: once(idempotencyKey) });
}

/** POST /audits/sessions/:clientId/end. */
export function endSession(clientId: string, endedAt: string, idempotencyKey: string): Promise<ObservationSession> {
  return mainApi.call(auditEndpoints.endSession, { params: { clientId }, body: { endedAt }, headers: once(idempotencyKey) });
}

/** POST /audits/observations. */
export async function recordObservation(body: ObservationBody, idempotencyKey: string): Promise<void> {
  await mainApi.call(auditEndpoints.record, { body, headers: once(idempotencyKey) });
}

/** DELETE /audits/observations/:clientId: the observer's undo (an observation already gone removes nothing). */
export async function undoObservation(clientId: string, idempotencyKey: string): Promise<void> {
  await mainApi.call(auditEndpoints.undo, { params: { clientId }, headers: once(idempotencyKey) });
}

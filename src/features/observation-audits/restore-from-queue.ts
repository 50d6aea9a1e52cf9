import type { OutboxItem } from '@/offline/db';
import { NO_PICKS, type AuditDatabase } from './audit-store';
import {
  AUDIT_OBSERVATION,
  AUDIT_OBSERVATION_UNDO,
  AUDIT_SESSION_END,
  AUDIT_SESSION_START,
  type ObservationPayload,
  type ObservationUndoPayload,
  type SessionEndPayload,
  type SessionStartPayload,
} from './outbox-handlers';

/**
 * Brings the device's store up to the outbox (docs/OFFLINE.md 'Observation Audits'). Each change
 * is queued first and written to the store after, so a change the outbox holds is never lost; a
 * page closed between the two leaves the store one change behind, and this replays, in the order
 * queued, the user's audit changes the store lacks: a session started, a record made, a record
 * undone, a session ended. Changes the store already has are left as they are.
 */
export async function restoreFromQueue(db: AuditDatabase, userSub: string, queue: readonly OutboxItem[]): Promise<void> {
  const own = queue.filter((item) => item.userSub === userSub);
  if (own.length === 0) return;
  await db.transaction('rw', db.sessions, db.observations, async () => {
    for (const item of own) {
      if (item.type === AUDIT_SESSION_START) {
        const { body, unit } = item.payload as SessionStartPayload;
        if (!(await db.sessions.get(body.clientId))) {
          await db.sessions.add({ clientId: body.clientId, userSub, unit, startedAt: body.startedAt, endedAt: null, picks: NO_PICKS });
        }
      } else if (item.type === AUDIT_OBSERVATION) {
        const { body, personName, roomName } = item.payload as ObservationPayload;
        const undone = own.some((later) => later.type === AUDIT_OBSERVATION_UNDO && (later.payload as ObservationUndoPayload).clientId === body.clientId);
        if (!undone && (await db.sessions.get(body.sessionClientId)) && !(await db.observations.get(body.clientId))) {
          await db.observations.add({ ...body, personName, roomName });
        }
      } else if (item.type === AUDIT_OBSERVATION_UNDO) {
        await db.observations.delete((item.payload as ObservationUndoPayload).clientId);
      } else if (item.type === AUDIT_SESSION_END) {
        const { clientId, endedAt } = item.payload as SessionEndPayload;
        const session = await db.sessions.get(clientId);
        if (session && session.endedAt === null) await db.sessions.update(clientId, { endedAt });
      }
    }
  });
}

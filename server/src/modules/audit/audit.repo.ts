import type { Database } from '../../db/client';
import { auditEvents, type NewAuditEventRow } from '../../db/schema';

/** Appends one event to the audit trail. */
export async function recordAuditEvent(db: Database, event: NewAuditEventRow): Promise<void> {
  await db.insert(auditEvents).values(event);
}

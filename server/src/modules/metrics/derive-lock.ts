import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

// Arbitrary constant shared by every instance: derivations never run side by side, so each one
// sees every batch the one before it derived (a derivation reads events committed before it).
// The ingest's span deriver takes it, and so does whatever else derives a span again (a decision
// on a disputed opportunity, docs/METRICS.md '15. Disputed opportunities').
const DERIVE_LOCK_KEY = 727_451_002;

/** Holds the derivation lock until the caller's transaction ends. */
export async function lockDerivation(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DERIVE_LOCK_KEY})`);
}

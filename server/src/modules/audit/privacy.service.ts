import type { z } from 'zod';
import type { accessLogQuerySchema, auditTrailQuerySchema, StatePurposeBody } from '../../contracts/privacy';
import type { Database } from '../../db/client';
import { isEmployee } from '../../core/acting-on-users';
import { type Caller, sessionKeyOf } from '../../core/caller';
import { scopeIdsOf, userVisible } from '../../core/scope';
import { findUser, userInScope } from '../users';
import { accessLogOf, auditTrail, purposeOf, purposesOf, storePurpose, type PurposeRecord } from './audit.repo';

/**
 * The purpose that covers the caller's read of a person's figures in this sign-in, or null; 'unseen'
 * for a person outside the caller's scope (or none), whom the route answers as absent.
 */
export async function purposeCovering(db: Database, caller: Caller, personUserId: number): Promise<PurposeRecord | null | 'unseen'> {
  const person = await findUser(db, personUserId);
  if (!person || !userVisible(await caller.scope(), person)) return 'unseen';
  return purposeOf(db, sessionKeyOf(caller), caller.user.id, personUserId);
}

/**
 * Privacy by design (docs/PRIVACY.md): the purposes a caller states before opening another
 * person's figures, the access log each person reads of their own, and the audit trail's screen.
 * `reportDb` runs the trail's reads under the report statement limit.
 */
export function createPrivacyService(db: Database, reportDb: Database) {
  return {
    /** Stores the caller's purpose for a person they can see, for the rest of this sign-in. */
    async statePurpose(caller: Caller, body: StatePurposeBody) {
      const person = await userInScope(db, await caller.scope(), body.personUserId);
      return storePurpose(db, {
        sessionKey: sessionKeyOf(caller),
        actorUserId: caller.user.id,
        personUserId: person.id,
        purpose: body.purpose,
        note: body.note?.length ? body.note : null,
      });
    },

    async purposes(caller: Caller) {
      return { data: await purposesOf(db, sessionKeyOf(caller), caller.user.id) };
    },

    /** Who read the caller's data, when, on which page and why. */
    async accessLog(caller: Caller, query: z.output<typeof accessLogQuerySchema>) {
      return accessLogOf(reportDb, caller.user.id, query);
    },

    /** The trail: a provider employee's whole, anyone else's the events about people they can see. */
    async auditTrail(caller: Caller, query: z.output<typeof auditTrailQuerySchema>) {
      const scope = isEmployee(caller) ? null : scopeIdsOf(await caller.scope());
      return auditTrail(reportDb, { ...query, scope });
    },
  };
}

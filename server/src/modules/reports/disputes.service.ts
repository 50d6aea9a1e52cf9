import type { z } from 'zod';
import { DISPUTE_MESSAGES, type CreateDisputeBody, type Dispute, type DisputesResponse, type disputesQuerySchema, type OwnDispute } from '../../contracts/disputes';
import type { Database } from '../../db/client';
import type { Caller } from '../../core/caller';
import { HttpError } from '../../core/http-error';
import { scopeIdsOf } from '../../core/scope';
import { deriveSpans } from '../metrics/derive';
import { lockDerivation } from '../metrics/derive-lock';
import { userToChange } from '../users';
import { countedDoor, decideDispute, insertDispute, listDisputes, lockDispute, readDispute } from './disputes.repo';

// Disputed opportunities (docs/METRICS.md '15. Disputed opportunities'): a wearer disputes one of
// their own counted entries or exits; a manager of its location accepts it, and the wearer's days
// are derived again without it, or declines it with a reply.

type DisputesQuery = z.output<typeof disputesQuerySchema>;

/** A decision as the route passes it. */
export interface Decision {
  status: 'ACCEPTED' | 'DECLINED';
  userId: number;
  reply?: string;
}

export function createDisputesService(db: Database) {
  return {
    /** POST compliance/user/own-opportunities/disputes: always the caller's own opportunity. */
    async create(caller: Caller, body: CreateDisputeBody): Promise<OwnDispute> {
      const doorAt = new Date(body.doorAt);
      const door = await countedDoor(db, caller.user.id, body.kind, doorAt);
      if (!door) throw new HttpError(404, DISPUTE_MESSAGES.opportunityNotFound);
      const note = body.note === undefined || body.note === '' ? null : body.note;
      const created = await insertDispute(db, { userId: caller.user.id, groupId: door.groupId, kind: body.kind, doorAt, visitEntryAt: door.entryAt, reason: body.reason, note });
      if (!created) throw new HttpError(409, DISPUTE_MESSAGES.alreadyDisputed);
      return created;
    },

    /** GET compliance/disputes: the disputes of the locations in the caller's scope, of wearers they see. */
    async list(caller: Caller, query: DisputesQuery): Promise<DisputesResponse> {
      return listDisputes(db, scopeIdsOf(await caller.scope()), query);
    },

    /**
     * POST compliance/disputes/:id/accept and /decline: an open dispute of a wearer the caller may
     * act on (in their scope and not above it: docs/PERMISSIONS.md 'Acting on another user'). An
     * accepted one leaves the figures: the wearer's days around the door are derived again in the
     * same transaction.
     */
    async decide(caller: Caller, id: number, decision: Decision): Promise<Dispute> {
      const scope = await caller.scope();
      return db.transaction(async (tx) => {
        await userToChange(tx, caller, scope, decision.userId, { acting: 'figures' });
        const dispute = await lockDispute(tx, scopeIdsOf(scope), id, decision.userId);
        if (!dispute) throw new HttpError(404, DISPUTE_MESSAGES.disputeNotFound);
        if (dispute.status !== 'OPEN') throw new HttpError(409, DISPUTE_MESSAGES.alreadyDecided);
        const reply = decision.reply === undefined || decision.reply === '' ? null : decision.reply;
        await decideDispute(tx, id, { status: decision.status, reply, decidedBy: caller.user.id });
        if (decision.status === 'ACCEPTED') {
          // As the ingest's span deriver does: never beside another derivation.
          await lockDerivation(tx);
          await deriveSpans(tx, { users: [{ userId: dispute.userId, from: dispute.doorAt, to: dispute.doorAt }], wearables: [], dispensers: [] });
        }
        const decided = await readDispute(tx, id);
        if (!decided) throw new HttpError(404, DISPUTE_MESSAGES.disputeNotFound);
        return decided;
      });
    },
  };
}

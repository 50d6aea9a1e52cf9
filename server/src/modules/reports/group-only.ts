import type { FastifyInstance } from 'fastify';
import { GROUP_ONLY_MESSAGE } from '../../contracts/privacy';
import type { Database } from '../../db/client';
import { type MaskedPeople, maskPeople } from '../../core/group-only';
import { HttpError } from '../../core/http-error';
import { maskedFor } from '../users';

// Group-only units in the reports (docs/PRIVACY.md 'Group-only units'): a person of a group-only
// unit is named in no report answer to anyone but themself and the provider's employees, and
// their own pages (User Overview, Activity Breakdown, their rounding details) are refused to
// everyone else; their figures stay in every sum, ranking by profession and unit.

declare module 'fastify' {
  interface FastifyRequest {
    /** The people whose names this request's answer leaves out. */
    maskedPeople?: MaskedPeople;
  }
}

/** Adds the masking to every route of the reports plugin `app`. */
export function registerGroupOnly(app: FastifyInstance, db: Database): void {
  app.addHook('preHandler', async (request) => {
    const caller = request.caller;
    if (!caller || request.routeOptions.config.groupOnly === 'names-shown') return;
    const masked = await maskedFor(db, caller.user);
    if (masked.ids.size === 0) return;
    request.maskedPeople = masked;
    // A read of their own pages is refused; a decision on their dispute is not (it names no one).
    const rule = request.routeOptions.config.audit;
    const person = request.method === 'GET' && rule && rule !== 'skip' ? rule.person(request) : null;
    if (person !== null && masked.ids.has(person)) throw new HttpError(403, GROUP_ONLY_MESSAGE);
  });
  app.addHook('preSerialization', async (request, _reply, payload) => (request.maskedPeople ? maskPeople(payload, request.maskedPeople) : payload));
}

import type { FastifyInstance } from 'fastify';
import { PRIVACY_MESSAGES, PURPOSE_REQUIRED_STATUS, type AccessPurpose } from '../contracts/privacy';
import { asRecord } from '../core/audit-rule';
import type { Caller } from '../core/caller';
import { HttpError } from '../core/http-error';
import type { NewAuditEventRow } from '../db/schema';

/** The purpose a caller stated for a person, as the trail keeps it beside the reads it covers. */
interface StatedPurpose {
  purpose: AccessPurpose;
  note: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The purpose that covers this read of another person's data (docs/PRIVACY.md 'A purpose first'). */
    accessPurpose?: StatedPurpose;
  }
}


const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Body fields a write may name its targets by; nothing else of a body is kept. */
const TARGET_KEY = /^(id|[a-zA-Z]*Id|[a-zA-Z]*Ids|username|Username|userName|mac|nfcId)$/;

/** The ids a body names: its own id-like fields, or those of each item of an array body. */
function targetsOf(body: unknown): Record<string, unknown> {
  const pick = (item: unknown) => Object.fromEntries(Object.entries(asRecord(item)).filter(([key]) => TARGET_KEY.test(key)));
  if (Array.isArray(body)) return { items: body.slice(0, 100).map(pick) };
  return pick(body);
}

/** The one user a write is about, when its body names exactly one (by `userId`, or `personUserId` for a stated purpose). */
function personOfWrite(body: unknown): number | null {
  const items = Array.isArray(body) ? body : [body];
  const ids = new Set(items.map((item) => asRecord(item).userId ?? asRecord(item).personUserId).filter((id): id is number => typeof id === 'number'));
  return ids.size === 1 ? [...ids][0]! : null;
}

/**
 * A value of a request's params or query as the trail can keep it: a refused request's values are
 * as they arrived, and a NUL or a lone surrogate, which jsonb cannot hold, becomes U+FFFD.
 */
const UNKEEPABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const plain = (value: unknown) =>
  JSON.parse(JSON.stringify(value ?? {}, (_, v: unknown) => (typeof v === 'string' ? v.replace(UNKEEPABLE, '\uFFFD') : v))) as Record<string, unknown>;

/** What the trail is handed by app.ts from modules/audit, which owns its tables. */
export interface AuditDeps {
  record: (event: NewAuditEventRow) => Promise<void>;
  /**
   * The purpose the caller stated for the person in this sign-in, or null; 'unseen' for a person the
   * caller cannot see, whose read the route answers as absent (404) without asking why.
   */
  purposeFor: (caller: Caller, personUserId: number) => Promise<StatedPurpose | null | 'unseen'>;
}

/**
 * Records audited requests of identified callers, whatever the answer, before the answer leaves,
 * through `record`; a read of another person's figures waits for a stated purpose and is kept
 * with it (docs/PRIVACY.md 'A purpose first').
 */
export function registerAudit(app: FastifyInstance, { record, purposeFor }: AuditDeps): void {
  app.addHook('preHandler', async (request) => {
    const caller = request.caller;
    const rule = request.routeOptions.config.audit;
    if (!caller || rule === undefined || rule === 'skip' || !rule.purpose) return;
    const person = rule.person(request);
    if (person === null || person === caller.user.id) return;
    const stated = await purposeFor(caller, person);
    if (stated === 'unseen') return;
    if (!stated) throw new HttpError(PURPOSE_REQUIRED_STATUS, PRIVACY_MESSAGES.purposeRequired);
    request.accessPurpose = stated;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const caller = request.caller;
    const rule = request.routeOptions.config.audit;
    if (!caller || rule === 'skip') return payload;
    const write = WRITES.has(request.method);
    if (!write && !rule?.read) return payload;
    try {
      const scope = await caller.scope();
      await record({
        actorUserId: caller.user.id,
        actorSub: caller.session.sub,
        sessionId: caller.session.sessionId,
        action: write ? 'write' : 'read',
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        params: plain(request.params),
        query: plain(request.query),
        target: write ? plain(targetsOf(request.body)) : {},
        personUserId: rule ? rule.person(request) : personOfWrite(request.body),
        status: reply.statusCode,
        page: rule ? (rule.page ?? null) : null,
        purpose: request.accessPurpose?.purpose ?? null,
        purposeNote: request.accessPurpose?.note ?? null,
        scope: { organizationIds: scope.managedOrganizationIds, groupIds: scope.managedGroupIds },
        ip: request.ip,
      });
    } catch (error) {
      request.log.error({ err: error }, 'Could not record the audit event');
      // A write is made and refusing its answer would not undo it; a read not recorded is not given.
      if (!write) throw new HttpError(503, 'This record cannot be shown right now. Please try again.');
    }
    return payload;
  });
}

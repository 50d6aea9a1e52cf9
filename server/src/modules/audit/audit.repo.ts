import { sql, type SQL } from 'drizzle-orm';
import { type AccessLogRow, type AccessPurpose, type AuditTrailRow, type StatedPurpose, SYSTEM_ACTOR_ID, SYSTEM_ACTOR_NAME } from '../../contracts/privacy';
import type { Database } from '../../db/client';
import { auditEvents, type NewAuditEventRow } from '../../db/schema';
import { displayNameOf } from '../../core/names';
import { type ScopeIds, userVisibleSql } from '../../core/scope';
import { idIn, iso } from '../../core/sql';

// The audit trail's table and the purposes stated before a read of another person's data
// (docs/PRIVACY.md).

/** Appends one event to the audit trail. */
export async function recordAuditEvent(db: Database, event: NewAuditEventRow): Promise<void> {
  await db.insert(auditEvents).values(event);
}

/** A purpose as stored: what was said, and the free note beside it. */
export interface PurposeRecord {
  purpose: AccessPurpose;
  note: string | null;
}

/** The purpose `actorUserId` stated for `personUserId` in the sign-in `sessionKey`, or null. */
export async function purposeOf(db: Database, sessionKey: string, actorUserId: number, personUserId: number): Promise<PurposeRecord | null> {
  const result = await db.execute<{ purpose: AccessPurpose; note: string | null }>(sql`
    select purpose, note from access_purposes
    where session_key = ${sessionKey} and actor_user_id = ${actorUserId} and person_user_id = ${personUserId}`);
  return result.rows[0] ?? null;
}

type PurposeRow = { person_user_id: number; purpose: AccessPurpose; note: string | null; at: string | Date };
const toStated = (r: PurposeRow): StatedPurpose => ({ personUserId: Number(r.person_user_id), purpose: r.purpose, note: r.note, at: iso(r.at) });

/** Stores (or replaces) the caller's purpose for a person in this sign-in. */
export async function storePurpose(
  db: Database,
  row: { sessionKey: string; actorUserId: number; personUserId: number; purpose: AccessPurpose; note: string | null },
): Promise<StatedPurpose> {
  const result = await db.execute<PurposeRow>(sql`
    insert into access_purposes (session_key, actor_user_id, person_user_id, purpose, note)
    values (${row.sessionKey}, ${row.actorUserId}, ${row.personUserId}, ${row.purpose}, ${row.note})
    on conflict (session_key, actor_user_id, person_user_id) do update set purpose = excluded.purpose, note = excluded.note, at = now()
    returning person_user_id, purpose, note, at`);
  return toStated(result.rows[0]!);
}

/** The purposes the caller stated in this sign-in, newest first. */
export async function purposesOf(db: Database, sessionKey: string, actorUserId: number): Promise<StatedPurpose[]> {
  const result = await db.execute<PurposeRow>(sql`
    select person_user_id, purpose, note, at from access_purposes
    where session_key = ${sessionKey} and actor_user_id = ${actorUserId}
    order by at desc, id desc`);
  return result.rows.map(toStated);
}

/** A user's role as the access log names it: their permissions template, and their profession when they have one. */
const roleOf = (t: SQL, p: SQL) => sql`concat_ws(' · ', ${t}.name, ${p}.name)`;
const professionJoin = (u: SQL, p: SQL) =>
  sql`left join lateral (
        select pr.name from professions pr
        where pr.code = ${u}.profession_code and (pr.organization_id = ${u}.organization_id or pr.organization_id is null)
        order by pr.organization_id nulls last limit 1
      ) ${p} on true`;

/**
 * Reads of one person's data that someone else made and was given (an answer under 400), newest
 * first: what "Who viewed my data" lists.
 */
export async function accessLogOf(db: Database, personUserId: number, page: { take: number; startingAfter?: number }): Promise<{ data: AccessLogRow[]; totalCount: number }> {
  const where = sql`e.person_user_id = ${personUserId} and e.actor_user_id <> ${personUserId} and e.action = 'read' and e.status < 400`;
  const [rows, count] = await Promise.all([
    db.execute<{ id: number; at: string | Date; actor_id: number; actor_name: string | null; role: string | null; page: string | null; purpose: AccessPurpose | null; purpose_note: string | null }>(sql`
      select e.id, e.at, e.actor_user_id as actor_id, ${displayNameOf(sql`u`)} as actor_name, ${roleOf(sql`t`, sql`p`)} as role,
             e.page, e.purpose, e.purpose_note
      from audit_events e
      left join users u on u.id = e.actor_user_id
      left join permission_templates t on t.id = u.role_id
      ${professionJoin(sql`u`, sql`p`)}
      where ${where} ${page.startingAfter === undefined ? sql`` : sql`and e.id < ${page.startingAfter}`}
      order by e.id desc
      limit ${page.take}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events e where ${where}`),
  ]);
  return {
    data: rows.rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      viewer: { id: Number(r.actor_id), name: r.actor_name ?? `User ${r.actor_id}`, role: r.role ?? '' },
      page: r.page,
      purpose: r.purpose,
      purposeNote: r.purpose_note,
    })),
    totalCount: Number(count.rows[0]?.n ?? 0),
  };
}

/** The audit trail's filters; `scope` is null for a provider employee, who sees every event. */
export interface TrailFilter {
  personUserId?: number;
  actorUserId?: number;
  action?: 'read' | 'write';
  /** UTC days, both included. */
  startDate?: string;
  endDate?: string;
  take: number;
  startingAfter?: number;
  scope: ScopeIds | null;
}

/**
 * Events of the audit trail, newest first: with a scope, those about a person visible in it, and
 * those about nobody whose actor is (docs/PRIVACY.md 'The audit trail').
 */
export async function auditTrail(db: Database, f: TrailFilter): Promise<{ data: AuditTrailRow[]; totalCount: number }> {
  const conditions: SQL[] = [];
  if (f.personUserId !== undefined) conditions.push(sql`e.person_user_id = ${f.personUserId}`);
  if (f.actorUserId !== undefined) conditions.push(sql`e.actor_user_id = ${f.actorUserId}`);
  if (f.action !== undefined) conditions.push(sql`e.action = ${f.action}`);
  if (f.startDate !== undefined) conditions.push(sql`e.at >= ${f.startDate}::date`);
  if (f.endDate !== undefined) conditions.push(sql`e.at < ${f.endDate}::date + 1`);
  // An event about a person shows where that person is visible; one about nobody, where its actor
  // is; one the server made on its own (a retention purge), where its organization is.
  if (f.scope) {
    conditions.push(sql`(case
      when e.person_user_id is not null then coalesce(${userVisibleSql(sql`pu`, f.scope)}, false)
      when e.actor_user_id = ${SYSTEM_ACTOR_ID} then coalesce(${idIn(sql`(e.target->>'organizationId')::int`, f.scope.organizationIds)}, false)
      else coalesce(${userVisibleSql(sql`a`, f.scope)}, false) end)`);
  }
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const joins = sql`left join users a on a.id = e.actor_user_id left join users pu on pu.id = e.person_user_id`;
  const [rows, count] = await Promise.all([
    db.execute<{
      id: number; at: string | Date; actor_user_id: number; actor_name: string | null; action: 'read' | 'write'; method: string; route: string;
      params: Record<string, unknown>; query: Record<string, unknown>; target: Record<string, unknown>; person_user_id: number | null; person_name: string | null;
      status: number; page: string | null; purpose: AccessPurpose | null; purpose_note: string | null; ip: string | null;
    }>(sql`
      select e.id, e.at, e.actor_user_id, ${displayNameOf(sql`a`)} as actor_name, e.action, e.method, e.route, e.params, e.query, e.target,
             e.person_user_id, ${displayNameOf(sql`pu`)} as person_name, e.status, e.page, e.purpose, e.purpose_note, e.ip
      from audit_events e ${joins}
      where ${where} ${f.startingAfter === undefined ? sql`` : sql`and e.id < ${f.startingAfter}`}
      order by e.id desc
      limit ${f.take}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events e ${joins} where ${where}`),
  ]);
  return {
    data: rows.rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      actor: { id: Number(r.actor_user_id), name: r.actor_name ?? (Number(r.actor_user_id) === SYSTEM_ACTOR_ID ? SYSTEM_ACTOR_NAME : `User ${r.actor_user_id}`) },
      action: r.action,
      method: r.method,
      route: r.route,
      params: r.params,
      query: r.query,
      target: r.target,
      person: r.person_user_id === null ? null : { id: Number(r.person_user_id), name: r.person_name ?? `User ${r.person_user_id}` },
      status: Number(r.status),
      page: r.page,
      purpose: r.purpose,
      purposeNote: r.purpose_note,
      ip: r.ip,
    })),
    totalCount: Number(count.rows[0]?.n ?? 0),
  };
}

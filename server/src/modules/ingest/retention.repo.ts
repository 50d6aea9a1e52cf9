import { sql } from 'drizzle-orm';
import { SYSTEM_ACTOR_ID } from '../../contracts/privacy';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { lockDerivation } from '../metrics/derive-lock';

// The retention purge's reads and writes (docs/PRIVACY.md 'Retention').

/** The route the audit trail names a purge by. */
export const RETENTION_AUDIT_ROUTE = 'retention-purge';

/** An organization, the days its raw presence is kept, and its own locations. */
export interface RetentionRule {
  organizationId: number;
  /** The shortest retention of the organization and every organization above it. */
  retentionDays: number;
  groupIds: number[];
}

/** Every organization with locations, with the retention that applies to them. */
export async function retentionRules(db: Database): Promise<RetentionRule[]> {
  const result = await db.execute<{ organization_id: number; days: number; group_ids: number[] | string }>(sql`
    with recursive chain (organization_id, ancestor_id, days) as (
      select id, parent_id, retention_days from organizations
      union all
      select c.organization_id, o.parent_id, least(c.days, o.retention_days)
      from chain c join organizations o on o.id = c.ancestor_id
    )
    select c.organization_id, min(c.days)::int as days,
           (select json_agg(g.id order by g.id) from groups g where g.organization_id = c.organization_id)::text as group_ids
    from chain c
    group by c.organization_id
    order by c.organization_id`);
  return result.rows
    .map((r) => ({ organizationId: Number(r.organization_id), retentionDays: Number(r.days), groupIds: JSON.parse(String(r.group_ids ?? '[]')) as number[] }))
    .filter((r) => r.groupIds.length > 0);
}

/** The oldest raw presence or bed event of these locations before `before`, or null. */
export async function oldestBefore(db: Database, groupIds: readonly number[], before: Date): Promise<Date | null> {
  const ids = JSON.stringify(groupIds);
  const result = await db.execute<{ ts: string | Date | null }>(sql`
    with g as (select value::int as id from jsonb_array_elements_text(${ids}::jsonb))
    select least(
      (select min(ts) from presence_events where ts < ${before.toISOString()}::timestamptz and group_id in (select id from g)),
      (select min(ts) from bed_events where ts < ${before.toISOString()}::timestamptz and group_id in (select id from g))) as ts`);
  const ts = result.rows[0]?.ts;
  return ts ? new Date(ts) : null;
}

/**
 * Deletes the raw presence and bed events of these locations in [from, to), and records for every
 * wearer and wearable they named that nothing of theirs before `horizon` is left. Under the
 * derivation lock, in one transaction: a derivation sees either all of it or none.
 */
export async function purgeSpan(db: Database, groupIds: readonly number[], from: Date, to: Date, horizon: Date): Promise<{ presence: number; bed: number }> {
  const ids = JSON.stringify(groupIds);
  return db.transaction(async (tx) => {
    await lockDerivation(tx);
    const result = await tx.execute<{ presence: number; bed: number }>(sql`
      with g as (select value::int as id from jsonb_array_elements_text(${ids}::jsonb)),
      presence as (
        delete from presence_events
        where ts >= ${from.toISOString()}::timestamptz and ts < ${to.toISOString()}::timestamptz and group_id in (select id from g)
        returning user_id, wearable_id),
      bed as (
        delete from bed_events
        where ts >= ${from.toISOString()}::timestamptz and ts < ${to.toISOString()}::timestamptz and group_id in (select id from g)
        returning user_id, wearable_id),
      gone as (select user_id, wearable_id from presence union all select user_id, wearable_id from bed),
      subjects as (
        select distinct 'USER' as kind, user_id as subject_id from gone where user_id is not null
        union select distinct 'WEARABLE', wearable_id from gone),
      horizons as (
        insert into retention_horizons (kind, subject_id, purged_before)
        select kind, subject_id, ${horizon.toISOString()}::timestamptz from subjects
        on conflict (kind, subject_id) do update set purged_before = greatest(retention_horizons.purged_before, excluded.purged_before))
      select (select count(*) from presence)::int as presence, (select count(*) from bed)::int as bed`);
    const row = result.rows[0];
    return { presence: Number(row?.presence ?? 0), bed: Number(row?.bed ?? 0) };
  });
}

/** The audit trail's row for one organization's purge. */
export async function recordPurge(db: Database, purge: { organizationId: number; purgedBefore: Date; presenceEvents: number; bedEvents: number; retentionDays: number }): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: SYSTEM_ACTOR_ID,
    actorSub: 'lavo:retention',
    action: 'write',
    method: 'JOB',
    route: RETENTION_AUDIT_ROUTE,
    params: {},
    query: {},
    target: {
      organizationId: purge.organizationId,
      purgedBefore: purge.purgedBefore.toISOString(),
      retentionDays: purge.retentionDays,
      presenceEvents: purge.presenceEvents,
      bedEvents: purge.bedEvents,
    },
    status: 200,
    scope: { organizationIds: [purge.organizationId], groupIds: [] },
  });
}

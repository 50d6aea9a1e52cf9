import { inArray, sql } from 'drizzle-orm';
import { EMAIL_SUBSCRIPTION_LABELS, type EmailSubscriptionType } from '../../contracts/email-subscriptions';
import { loadScope } from '../../core/scope';
import type { Database } from '../../db/client';
import { organizations, type UserRow } from '../../db/schema';
import { complianceTotals, type ComplianceTotals } from '../metrics/compliance.repo';
import { dayRange, previousRange, resolveFilter, userFilter } from '../metrics/filters';
import { reportWeekOf } from './due';

// What each report email holds (docs/EMAILS.md), from the compliance reports' own building blocks:
// - facility: each hospital of the subscriber's scope (their own organization without one);
// - department: each department organization of their scope;
// - individual: the subscriber's own figures.
// Each line is the week's compliance total, its change from the week before, the opportunities,
// the hand washes and the active users, as the Performance Overview counts them.

export interface ReportEmail {
  subject: string;
  text: string;
}

const percent = (value: number | null) => (value === null ? 'no data' : `${Math.round(value)}%`);
function change(now: number | null, before: number | null): string {
  if (now === null || before === null) return '';
  const points = Math.round(now - before);
  return points === 0 ? ' (no change)' : ` (${points > 0 ? '+' : ''}${points} points)`;
}
const line = (name: string, now: ComplianceTotals, before: ComplianceTotals | null) =>
  `${name}: compliance ${percent(now.complianceTotal)}${change(now.complianceTotal, before?.complianceTotal ?? null)}; ` +
  `${now.opportunities} opportunities, ${now.washCount} hand washes, ${now.activeUsers} active users`;

/** The organizations of the report: hospitals or departments of the subscriber's scope. */
async function organizationsOf(db: Database, user: UserRow, type: 'HOSPITAL' | 'DEPARTMENT') {
  const scope = await loadScope(db, user.id);
  const ids = scope.organizationIds.size ? [...scope.organizationIds] : [user.organizationId];
  const rows = await db.select({ id: organizations.id, name: organizations.name, type: organizations.type }).from(organizations).where(inArray(organizations.id, ids));
  const chosen = rows.filter((o) => o.type === type);
  return { scope, chosen: chosen.length || type === 'DEPARTMENT' ? chosen : rows.filter((o) => o.id === user.organizationId) };
}

/** The email of one report for one subscriber, for the week before the slot's Monday. */
export async function reportEmail(db: Database, user: UserRow, type: EmailSubscriptionType, slotDay: string): Promise<ReportEmail> {
  const week = reportWeekOf(slotDay);
  const range = dayRange(week.startDate, week.endDate);
  const previous = previousRange(range);
  const lines: string[] = [];

  if (type === 'USER_COMPLIANCE_REPORT') {
    const own = sql`u.id = ${user.id}`;
    const filter = userFilter(range);
    const [now, before] = await Promise.all([complianceTotals(db, filter, range, own), previous ? complianceTotals(db, filter, previous, own) : null]);
    lines.push(line(`${user.firstName} ${user.lastName}`.trim(), now, before));
  } else {
    const { scope, chosen } = await organizationsOf(db, user, type === 'FACILITY_COMPLIANCE_REPORT' ? 'HOSPITAL' : 'DEPARTMENT');
    for (const organization of chosen) {
      const filter = await resolveFilter(db, scope.organizationIds.size ? scope : { ...scope, organizationIds: new Set([organization.id]) }, {
        organizationIds: [organization.id],
        organizationIdFilters: [],
        groupIds: [],
        groupIdFilters: [],
        startDate: week.startDate,
        endDate: week.endDate,
        view: 'org',
      });
      const [now, before] = await Promise.all([complianceTotals(db, filter, range), filter.previous ? complianceTotals(db, filter, filter.previous) : null]);
      lines.push(line(organization.name, now, before));
    }
    if (lines.length === 0) lines.push('No organizations of this kind are in your access.');
  }

  const title = `${EMAIL_SUBSCRIPTION_LABELS[type]}: hand hygiene compliance, ${week.startDate} to ${week.endDate}`;
  const text = [`Hello ${user.firstName},`, '', `${title}.`, '', ...lines, '', 'You receive this email every Monday at 12:30. An administrator can change it in your account.'].join('\n');
  return { subject: title, text };
}

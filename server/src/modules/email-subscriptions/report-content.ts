import { DEFAULT_REPORT_TIME_ZONE, EMAIL_SUBSCRIPTION_LABELS, type EmailSubscriptionType, type StoredSchedule } from '../../contracts/email-subscriptions';
import { loadScope } from '../../core/scope';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { complianceTotals, type ComplianceTotals } from '../metrics/compliance.repo';
import { dayRange, previousRange, resolveFilter, userFilter } from '../metrics/filters';
import { PERIOD_WORDS, reportPeriodOf, SCHEDULE_WORDS } from './due';
import { organizationsByIds, ownRowsOf } from './email-schedule.repo';

// What each report email holds (docs/EMAILS.md), from the compliance reports' own building blocks:
// - facility: each hospital of the subscriber's scope (their own organization without one);
// - department: each department organization of their scope;
// - individual: the subscriber's own figures.
// Each line is the period's compliance total, its change from the period before, the
// opportunities, the hand washes and the active users, as the Performance Overview counts them;
// a line without an opportunity says so in words. The period follows the schedule (a week, a day
// or a month), and the email ends with when it comes, in the subscriber's time zone.

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
const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
function line(name: string, now: ComplianceTotals, before: ComplianceTotals | null, period: string): string {
  if (now.opportunities === 0) {
    const washes = now.washCount === 0 ? 'no hand washes' : counted(now.washCount, 'hand wash', 'hand washes');
    return `${name}: no opportunities this ${period} (${washes}), so no compliance to report`;
  }
  return (
    `${name}: compliance ${percent(now.complianceTotal)}${change(now.complianceTotal, before?.complianceTotal ?? null)}; ` +
    `${counted(now.opportunities, 'opportunity', 'opportunities')}, ${counted(now.washCount, 'hand wash', 'hand washes')}, ${counted(now.activeUsers, 'active user', 'active users')}`
  );
}

/** The organizations of the report: hospitals or departments of the subscriber's scope. */
async function organizationsOf(db: Database, user: UserRow, type: 'HOSPITAL' | 'DEPARTMENT') {
  const scope = await loadScope(db, user.id);
  const ids = scope.organizationIds.size ? [...scope.organizationIds] : [user.organizationId];
  const rows = await organizationsByIds(db, ids);
  const chosen = rows.filter((o) => o.type === type);
  return { scope, chosen: chosen.length || type === 'DEPARTMENT' ? chosen : rows.filter((o) => o.id === user.organizationId) };
}

/**
 * The email of one report for one subscriber, for the period its schedule covers before the slot
 * (the week before the slot's Monday for a weekly one); `timeZone` is the subscriber's, in which it is sent.
 */
export async function reportEmail(
  db: Database,
  user: UserRow,
  type: EmailSubscriptionType,
  slotDay: string,
  schedule: StoredSchedule = 'WEEKLY',
  timeZone = DEFAULT_REPORT_TIME_ZONE,
): Promise<ReportEmail> {
  const week = reportPeriodOf(schedule, slotDay);
  const period = PERIOD_WORDS[schedule];
  const range = dayRange(week.startDate, week.endDate);
  const previous = previousRange(range);
  const lines: string[] = [];

  if (type === 'USER_COMPLIANCE_REPORT') {
    const own = ownRowsOf(user.id);
    const filter = userFilter(range);
    const [now, before] = await Promise.all([complianceTotals(db, filter, range, own), previous ? complianceTotals(db, filter, previous, own) : null]);
    lines.push(line(`${user.firstName} ${user.lastName}`.trim(), now, before, period));
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
      lines.push(line(organization.name, now, before, period));
    }
    if (lines.length === 0) lines.push('No organizations of this kind are in your access.');
  }

  const days = week.startDate === week.endDate ? week.startDate : `${week.startDate} to ${week.endDate}`;
  const title = `${EMAIL_SUBSCRIPTION_LABELS[type]}: hand hygiene compliance, ${days}`;
  const when = `You receive this email ${SCHEDULE_WORDS[schedule]} (${timeZone} time). An administrator can change it in your account.`;
  const text = [`Hello ${user.firstName},`, '', `${title}.`, '', ...lines, '', when].join('\n');
  return { subject: title, text };
}

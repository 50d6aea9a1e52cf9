import { z } from 'zod';
import { opportunityVerdictSchema } from './opportunity-verdict';
import { ownDisputeSchema } from '../disputes';
import { endpoint } from '../endpoint';
import { checkDayRange, countParam, flagParam, idListParam, idParam, searchField } from '../fields';
import { professionIdSchema, reportDateSchema, reportQuerySchema, statSchema } from './common';
import { ownPastEndpoint } from './own-past';

// Compliance and hand-wash report calls and their answers (docs/METRICS.md 'Compliance').
// Ratios are fractions 0–1; screens show Math.round(ratio × 100).

const ratio = z.number().min(0).max(1).nullable();

/** Opportunities of the range and the filter's locations that were disputed, and of them those accepted and so left out (docs/METRICS.md '15. Disputed opportunities'). */
export const disputeCountsSchema = z.object({ disputed: z.number().int(), excluded: z.number().int() });

export const complianceOverviewSchema = z.object({
  complianceTotal: statSchema,
  complianceAverage: statSchema,
  washAverage: statSchema,
  activeUsers: statSchema,
  opportunities: statSchema,
  disputes: disputeCountsSchema,
});
export type ComplianceOverview = z.infer<typeof complianceOverviewSchema>;

export const trendQuerySchema = reportQuerySchema.safeExtend({
  metric: z.enum(['total', 'average']).default('total'),
});

export const complianceTrendSchema = z.object({
  trend: z.array(
    z.object({
      date: z.string(),
      value: ratio,
      opportunities: z.number().int(),
      compliantEvents: z.number().int(),
    }),
  ),
  /** By event type: entry and exit opportunities, with the change against the preceding period. */
  breakdown: z.array(
    z.object({
      type: z.enum(['Entry', 'Exit']),
      value: ratio,
      delta: z.number().nullable(),
      opportunities: z.number().int(),
      compliantEvents: z.number().int(),
    }),
  ),
});

export const washTypeBreakdownSchema = z.array(
  z.object({
    type: z.enum(['Soap', 'Sanitizer']),
    count: z.number().int(),
    averageDuration: z.number().nullable(),
    /** The caller's organization does not show durations. */
    disabled: z.boolean(),
  }),
);

export const rankingQuerySchema = reportQuerySchema.safeExtend({
  /** How many rows (default 10, the Overview's top 10; User Performance asks for more). */
  take: countParam(1, 1000).default(10),
  /** Also list users of the selection with no opportunities (User Performance's menu option). */
  includeEmpty: flagParam.default(false),
  search: searchField(100),
  /** Leave the opportunities of low-trust location-days out (docs/METRICS.md 'Data trust'). */
  excludeLowTrust: flagParam.default(false),
});

export const userRankingRowSchema = z.object({
  name: z.string(),
  userId: z.number().int(),
  profession: z.string().nullable(),
  organizationId: z.number().int(),
  opportunities: z.number().int(),
  /** Compliant events. */
  handwashes: z.number().int(),
  avgSoapDuration: z.number().nullable(),
  avgSanitizerDuration: z.number().nullable(),
  compliance: ratio,
  usageMs: z.number(),
  active: z.boolean(),
});
export const userRankingSchema = z.array(userRankingRowSchema);

export const professionRankingSchema = z.array(
  z.object({
    professionId: z.string(),
    name: z.string(),
    users: z.number().int(),
    opportunities: z.number().int(),
    handwashes: z.number().int(),
    compliance: ratio,
  }),
);

export const breakdownsQuerySchema = z
  .object({
    organizationId: idParam.optional(),
    professionId: professionIdSchema,
    groupIds: idListParam,
    startDate: reportDateSchema,
    endDate: reportDateSchema,
    userId: idParam.optional(),
  })
  .superRefine(checkDayRange);

export const breakdownsSchema = z.object({
  eventTypes: z.array(
    z.object({ type: z.enum(['Entry', 'Exit']), opportunities: z.number().int(), compliantEvents: z.number().int(), compliance: ratio }),
  ),
  washTypes: washTypeBreakdownSchema,
});

export const complianceReportQuerySchema = reportQuerySchema.safeExtend({
  userIds: idListParam,
  metric: z.enum(['total', 'average']).default('total'),
  split: flagParam.default(false),
  numOrgs: countParam(1, 100).optional(),
  /** Leave the opportunities of low-trust location-days out (docs/METRICS.md 'Data trust'). */
  excludeLowTrust: flagParam.default(false),
});

const reportPoint = z.object({
  date: z.string(),
  compliantEvents: z.number().int(),
  opportunities: z.number().int(),
  complianceTotal: ratio,
  complianceAverage: ratio,
});
export const complianceReportSchema = z.object({
  series: z.array(
    z.object({
      id: z.number().int().nullable(),
      name: z.string(),
      kind: z.enum(['organization', 'location', 'user', 'all']),
      points: z.array(reportPoint),
      total: reportPoint.omit({ date: true }),
    }),
  ),
  disputes: disputeCountsSchema,
});

export const userDashboardQuerySchema = z
  .object({
    userId: idParam.optional(),
    date: reportDateSchema.optional(),
    startDate: reportDateSchema.optional(),
    endDate: reportDateSchema.optional(),
  })
  .superRefine(checkDayRange);

export const userDashboardSchema = z.object({
  complianceTotal: statSchema,
  opportunities: statSchema,
  compliantEvents: statSchema,
  washCount: statSchema,
  washAverage: statSchema,
  trend: z.array(z.object({ date: z.string(), value: ratio, opportunities: z.number().int() })),
  washTypeBreakdown: washTypeBreakdownSchema,
  reminderBreakdown: z.array(z.object({ zoneId: z.number().int(), name: z.string(), count: z.number().int() })),
  usageDuration: z.number(),
  /** SmartSensors (wristbands and badges) assigned to the user now: none means the page has no figures of theirs to show. */
  assignedWearables: z.number().int(),
  visitAverage: z.number().nullable(),
  visitCount: z.number().int(),
  /** Counted bed visits (see docs/METRICS.md). */
  bedVisits: z.number().int(),
  steps: z.number().nullable(),
  distance: z.number().nullable(),
  calories: z.number().nullable(),
});

export const userActivityQuerySchema = z.object({
  userId: idParam.optional(),
  date: reportDateSchema,
});

export const userActivitySchema = z.object({
  compliance: ratio,
  opportunities: z.number().int(),
  washAverage: z.number().nullable(),
  userActivity: z.array(
    z.object({
      timestamp: z.string(),
      type: z.enum(['Room Entry', 'Room Exit', 'Hand Hygiene', 'Bed Visit', 'Reminder']),
      location: z.string().nullable(),
      /** The location's time zone (IANA): the console shows the time as the ward's clocks read it. */
      timeZone: z.string().nullable(),
      device: z.string().nullable(),
      duration: z.number().nullable(),
      /** A room entry's or exit's verdict (opportunity-verdict.ts); null for other events. */
      verdict: opportunityVerdictSchema.nullable(),
    }),
  ),
});

/** The signed-in wearer's own day: no userId, always the caller (docs/PERMISSIONS.md 'Decisions where the specification leaves the call-to-page mapping open'). */
export const ownOpportunitiesQuerySchema = z.object({ date: reportDateSchema });

/** The caller's room entries and exits of one day, each with its verdict, and the day's hand hygiene for their timelines. */
export const ownOpportunitiesSchema = z.object({
  doors: z.array(
    z.object({
      timestamp: z.string(),
      type: z.enum(['Room Entry', 'Room Exit']),
      location: z.string().nullable(),
      timeZone: z.string().nullable(),
      verdict: opportunityVerdictSchema,
      /** The caller's dispute of this opportunity, if any (docs/METRICS.md '15. Disputed opportunities'). */
      dispute: ownDisputeSchema.nullable(),
    }),
  ),
  hygiene: z.array(z.object({ timestamp: z.string(), location: z.string().nullable(), device: z.string().nullable() })),
});
export type OwnOpportunities = z.infer<typeof ownOpportunitiesSchema>;

export const availableDaysQuerySchema = z.object({ userId: idParam.optional() });
export const availableDaysSchema = z.array(z.string());

export const handwashOverviewSchema = z.object({
  washAverage: statSchema,
  washCount: statSchema,
  /** washCount ÷ hours in the range. */
  hourlyWashCount: statSchema,
});

export const washCountTrendSchema = z.object({
  trend: z.array(z.object({ date: z.string(), value: z.number().int(), washAverage: z.number().nullable() })),
});

export const washTypeTrendSchema = z.object({
  trend: z.array(
    z.object({
      date: z.string(),
      soap: z.number().int(),
      sanitizer: z.number().int(),
      soapDuration: z.number().nullable(),
      sanitizerDuration: z.number().nullable(),
    }),
  ),
});

/** The compliance calls: overview, trend, breakdowns, rankings and the compliance report. */
export const complianceEndpoints = {
  overviewStats: endpoint({ method: 'GET', path: '/compliance/overview-stats', query: reportQuerySchema, response: complianceOverviewSchema }),
  trend: endpoint({ method: 'GET', path: '/compliance/trend', query: trendQuerySchema, response: complianceTrendSchema }),
  breakdowns: endpoint({ method: 'GET', path: '/compliance/breakdowns', query: breakdownsQuerySchema, response: breakdownsSchema }),
  userRanking: endpoint({ method: 'GET', path: '/compliance/ranking/users', query: rankingQuerySchema, response: userRankingSchema }),
  professionRanking: endpoint({ method: 'GET', path: '/compliance/ranking/professions', query: rankingQuerySchema, response: professionRankingSchema }),
  report: endpoint({ method: 'GET', path: '/compliance/report', query: complianceReportQuerySchema, response: complianceReportSchema }),
};

/** One wearer's own figures: the user overview and the activity breakdown. */
export const userReportEndpoints = {
  dashboard: endpoint({ method: 'GET', path: '/compliance/user/dashboard', query: userDashboardQuerySchema, response: userDashboardSchema }),
  activity: endpoint({ method: 'GET', path: '/compliance/user/activity', query: userActivityQuerySchema, response: userActivitySchema }),
  availableDays: endpoint({ method: 'GET', path: '/workflow/activity/available-days', query: availableDaysQuerySchema, response: availableDaysSchema }),
  ownOpportunities: endpoint({ method: 'GET', path: '/compliance/user/own-opportunities', query: ownOpportunitiesQuerySchema, response: ownOpportunitiesSchema }),
  /** The caller's own weeks, best week and goal (contracts/reports/own-past.ts). */
  ownPast: ownPastEndpoint,
};

/** The hand-wash calls: hand-hygiene events by type and day. */
export const handwashEndpoints = {
  washTypeBreakdown: endpoint({ method: 'GET', path: '/dispensers/wash-type-breakdown', query: reportQuerySchema, response: washTypeBreakdownSchema }),
  overviewStats: endpoint({ method: 'GET', path: '/dispensers/handwash/overview-stats', query: reportQuerySchema, response: handwashOverviewSchema }),
  washCountTrend: endpoint({ method: 'GET', path: '/dispensers/wash-count-trend', query: reportQuerySchema, response: washCountTrendSchema }),
  washTypeTrend: endpoint({ method: 'GET', path: '/dispensers/wash-type-trend', query: reportQuerySchema, response: washTypeTrendSchema }),
};

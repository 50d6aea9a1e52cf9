import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateDisputeBody, DISPUTES_TAKE, disputeEndpoints, type DisputeStatus } from '@contracts/disputes';
import { complianceEndpoints, userReportEndpoints } from '@contracts/reports/compliance';
import { mainApi } from '@/lib/api-client';
import { nextAfterLastId } from '@/lib/fetch-all-pages';
import { REPORTS_KEY_ROOT } from '@/lib/query-client';
import { disputeKeys } from './keys';

// Disputed opportunities (docs/METRICS.md '15. Disputed opportunities'): online only, as
// docs/OFFLINE.md 'Disputed opportunities' says why.

/** The report answers a dispute or a decision changes: the wearer's own doors and the compliance figures. */
const changedReports = [userReportEndpoints.ownOpportunities, complianceEndpoints.report, complianceEndpoints.overviewStats, complianceEndpoints.trend];

function useRefreshReports() {
  const client = useQueryClient();
  return () => Promise.all(changedReports.map((spec) => client.invalidateQueries({ queryKey: [REPORTS_KEY_ROOT, spec.path.slice(1)] })));
}

/** POST compliance/user/own-opportunities/disputes: the signed-in wearer disputes one of their own doors. */
export function useCreateDispute() {
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: (body: CreateDisputeBody) => mainApi.call(disputeEndpoints.create, { body }),
    onSuccess: refresh,
  });
}

/** GET compliance/disputes, a page of DISPUTES_TAKE at a time, open first. */
export function useDisputes(status: DisputeStatus | null) {
  return useInfiniteQuery({
    queryKey: disputeKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      mainApi.call(disputeEndpoints.list, { query: { status: status ?? undefined, take: DISPUTES_TAKE, startingAfter: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextAfterLastId,
  });
}

/** A manager's decision on a dispute. */
export interface DecisionInput {
  id: number;
  userId: number;
  decision: 'accept' | 'decline';
  reply: string;
}

/** POST compliance/disputes/:id/accept or /decline. */
export function useDecideDispute() {
  const client = useQueryClient();
  const refresh = useRefreshReports();
  return useMutation({
    mutationFn: ({ id, userId, decision, reply }: DecisionInput) =>
      decision === 'accept'
        ? mainApi.call(disputeEndpoints.accept, { params: { id }, body: { userId, ...(reply.trim() ? { reply } : {}) } })
        : mainApi.call(disputeEndpoints.decline, { params: { id }, body: { userId, reply } }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: disputeKeys.all }), refresh()]),
  });
}

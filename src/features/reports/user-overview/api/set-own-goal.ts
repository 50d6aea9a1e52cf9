import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userReportEndpoints } from '@contracts/reports/compliance';
import { ownGoalEndpoints, type OwnGoalBody, type OwnPast } from '@contracts/reports/own-past';
import { mainApi } from '@/lib/api-client';
import { REPORTS_KEY_ROOT } from '@/lib/query-client';

// One's own goal (docs/PRIVACY.md 'Feedback against one's own past'): sent at once, online only,
// as docs/OFFLINE.md 'One's own goal' says why.

/** PUT compliance/own-goal: the signed-in user's own goal (null clears it), shown at once with their own past, which is then asked for again. */
export function useSetOwnGoal() {
  const client = useQueryClient();
  const ownPast = [REPORTS_KEY_ROOT, userReportEndpoints.ownPast.path.slice(1)];
  return useMutation({
    mutationFn: (body: OwnGoalBody) => mainApi.call(ownGoalEndpoints.set, { body }),
    onSuccess: async ({ goalPercent }) => {
      client.setQueriesData<OwnPast>({ queryKey: ownPast }, (past) => (past ? { ...past, goalPercent } : past));
      await client.invalidateQueries({ queryKey: ownPast });
    },
  });
}

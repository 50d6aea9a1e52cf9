import { Alert } from '@mantine/core';
import { useSession } from '@/lib/session-context';

// docs/PRIVACY.md 'No leaderboards': an organization that turned leaderboards off shows its people
// no Top 10 and no user ranking; the server leaves them out of every ranking too.

/** The organization (the caller's own or one above it) that turned leaderboards off, or null. */
export function useLeaderboardsOff(): { name: string } | null {
  const { user, bootstrap } = useSession();
  const byId = new Map(bootstrap.organizations.map((o) => [o.id, o]));
  if (user.organization.settings.hideLeaderboards) return { name: user.organization.name };
  const seen = new Set<number>();
  for (let at = byId.get(user.organization.id)?.parentId ?? null; at !== null && !seen.has(at); at = byId.get(at)?.parentId ?? null) {
    seen.add(at);
    const org = byId.get(at);
    if (org?.settings.hideLeaderboards) return { name: org.name };
  }
  return null;
}

/** Said where a ranking of people would be. */
export function LeaderboardsOff({ name }: { name: string }) {
  return (
    <Alert color="blue" variant="light" title="No leaderboards" data-testid="leaderboards-off">
      {name} has turned leaderboards off: people are not ranked against each other. Each person sees their own figures on their User Overview, and the
      Compliance Report shows them by profession and unit.
    </Alert>
  );
}

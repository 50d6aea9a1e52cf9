import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { LeaderboardsOff, useLeaderboardsOff } from './leaderboards';

// docs/PRIVACY.md 'No leaderboards'.

function Probe() {
  const off = useLeaderboardsOff();
  return off ? <LeaderboardsOff name={off.name} /> : <p>Top 10</p>;
}

function sessionWith(own: boolean, parent: boolean) {
  const base = makeSession('manager');
  const settings = base.user.organization.settings;
  const user = { ...base.user, organization: { ...base.user.organization, id: 5, name: "St. Mary's ICU", settings: { ...settings, hideLeaderboards: own } } };
  const org = (id: number, name: string, parentId: number | null, hideLeaderboards: boolean) => ({ id, name, parentId, type: 'HOSPITAL', accountType: 'PRO' as const, settings: { ...settings, hideLeaderboards }, accessible: true });
  return { ...base, user, bootstrap: { ...base.bootstrap, organizations: [org(3, "St. Mary's Hospital", null, parent), org(5, "St. Mary's ICU", 3, own)] } };
}

const renderWith = (own: boolean, parent: boolean) =>
  render(
    <SessionProvider value={sessionWith(own, parent)}>
      <Probe />
    </SessionProvider>,
  );

describe('no leaderboards', () => {
  it('ranks people where no organization above turned leaderboards off', () => {
    renderWith(false, false);
    expect(screen.getByText('Top 10')).toBeInTheDocument();
  });

  it('says the caller’s own organization turned them off', () => {
    renderWith(true, false);
    expect(screen.getByTestId('leaderboards-off')).toHaveTextContent("St. Mary's ICU has turned leaderboards off");
  });

  it('follows an organization above that turned them off', () => {
    renderWith(false, true);
    expect(screen.getByTestId('leaderboards-off')).toHaveTextContent("St. Mary's Hospital has turned leaderboards off");
  });
});

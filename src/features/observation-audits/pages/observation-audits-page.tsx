import type { AuditUnit } from '@contracts/observation-audits';
import { Tabs } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { useNow } from '@/lib/use-now';
import { useAuditUnits } from '../api/get-audit-units';
import { ObserveTab } from '../components/observe-tab';
import { SessionsTab } from '../components/sessions-tab';
import { AUDIT_TABS, type AuditTab, type ObservationAuditsAddress } from '../observation-audits-search';
import { monthIn } from '../session-figures';
import { useKeptSessions } from '../use-kept-sessions';
import { useObserverSession } from '../use-observer-session';
import { FiguresPanel, type FiguresTab } from '../figures/figures-panel';

/** The tabs of a hospital's or a unit's figures. */
const FIGURE_TABS: readonly FiguresTab[] = ['validation', 'leapfrog', 'evidence'];

const route = getRouteApi('/app/reports/observation-audits');

/** The unit in the address, else the one being watched, else the first the observer may audit. */
function chosenUnit(units: readonly AuditUnit[] | undefined, groupId: number | undefined, watched: AuditUnit | null): AuditUnit | null {
  const listed = (id: number) => units?.find((u) => u.id === id);
  if (groupId !== undefined) return listed(groupId) ?? (watched?.id === groupId ? watched : null);
  if (watched) return listed(watched.id) ?? watched;
  return units?.[0] ?? null;
}

/** The tabs' names (AUDIT_TABS orders them). */
const TAB_LABELS: Record<AuditTab, string> = { observe: 'Observe', sessions: 'Sessions', validation: 'Validation', leapfrog: 'Leapfrog', evidence: 'Evidence pack' };

/**
 * Observation Audits (docs/SCREENS.md 'Observation Audits'): an observer records hand-hygiene
 * opportunities on a unit by direct observation, on a phone or tablet, with or without signal,
 * and reads back their sessions.
 */
export default function ObservationAuditsPage({ entry }: { entry: { title: string } }) {
  // The address, as the route's schema read it (observation-audits-search.ts); changes replace the history entry.
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: ObservationAuditsAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const tab = search.tab ?? 'observe';
  const units = useAuditUnits();
  const observer = useObserverSession();
  const kept = useKeptSessions();
  const now = useNow();

  const unit = chosenUnit(units.data, search.groupId, observer.session?.unit ?? null);
  const lastMonth = monthIn(now, unit?.timeZone ?? 'UTC');
  const month = search.month ?? lastMonth;
  const chooseUnit = (next: AuditUnit) => update({ groupId: next.id });

  return (
    <>
      <div data-print="hide">
        <PageHeader title={entry.title} />
      </div>
      <Tabs value={tab} onChange={(next) => next && update({ tab: next as AuditTab })} keepMounted={false}>
        <Tabs.List mb="md" aria-label="Observation audits" data-print="hide">
          {AUDIT_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} mih={44}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="observe">
          <ObserveTab observer={observer} units={units.data} unitsError={units.error} unit={unit} onUnit={chooseUnit} />
        </Tabs.Panel>
        <Tabs.Panel value="sessions">
          <SessionsTab
            units={units.data}
            unitsError={units.error}
            unit={unit}
            onUnit={chooseUnit}
            month={month}
            lastMonth={lastMonth}
            onMonth={(next) => update({ month: next })}
            of={search.sessionsOf ?? 'mine'}
            onOf={(next) => update({ sessionsOf: next === 'mine' ? undefined : next })}
            kept={kept ?? []}
          />
        </Tabs.Panel>
        {FIGURE_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <FiguresPanel tab={value} locationId={search.locationId} month={search.month} option={search.option ?? '1'} now={now} onChange={update} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </>
  );
}

import { useCallback, useState } from 'react';
import type { RoundingTab } from '../filters/filter-state';
import type { ReportPerson } from '../shared/links/person-links';

/** Whose Details the page shows: a member of staff (user tab) or a bed (bed tab). */
export type RoundingSubject = { kind: 'user'; id: number; name: string } | { kind: 'bed'; id: number; name: string; groupId: number };

/** What resets the Details view: the tab, the organizations and the locations chosen. */
export function detailsResetKey(filters: { tab: RoundingTab; organizationIds: readonly number[]; groupIds: readonly number[] }): string {
  return JSON.stringify([filters.tab, filters.organizationIds, filters.groupIds]);
}

interface DetailsState {
  resetKey: string;
  /** The person of the row menu last acted on (by id), so one arriving later opens too. */
  personId: number | null;
  subject: RoundingSubject | null;
}

const personSubject = (person: ReportPerson): RoundingSubject => ({ kind: 'user', id: person.id, name: person.name });

/**
 * The page's list/Details toggle. It is the page's own state, not the address (the spec keeps only
 * the filters there) nor the history: the page opens on the list, except when another report's row
 * menu sent a person (`person`, from history state), when it opens on their Details. A change of
 * `resetKey` (tab, organizations, locations) returns to the list.
 */
export function useRoundingDetails(resetKey: string, person: ReportPerson | undefined) {
  const [state, setState] = useState<DetailsState>(() => ({
    resetKey,
    personId: person?.id ?? null,
    subject: person ? personSubject(person) : null,
  }));
  let current = state;
  // Adjusted while rendering, so the list never shows for a frame with the old Details.
  if (state.resetKey !== resetKey) {
    current = { ...state, resetKey, subject: null };
    setState(current);
  } else if (person && person.id !== state.personId) {
    current = { ...state, personId: person.id, subject: personSubject(person) };
    setState(current);
  }
  const open = useCallback((subject: RoundingSubject) => setState((s) => ({ ...s, subject })), []);
  const close = useCallback(() => setState((s) => ({ ...s, subject: null })), []);
  return { subject: current.subject, open, close };
}

import { type ReactNode, useMemo } from 'react';
import type { DataColumn } from '@/components/data-table';
import { useSession } from '@/lib/session-context';
import type { FilterState } from '../filters/filter-state';
import type { PersonTarget, ReportPerson } from './links/person-links';
import { PersonRowMenu } from './links/person-row-menu';
import { useProfessionName } from './use-profession-name';

/** Names of the session's professions and organizations, for the person columns of a report table. */
export interface PersonNames {
  professionName: (code: string | null) => string | null;
  organizationName: ReadonlyMap<number, string>;
}

/** The organization names of the session, by id. */
export function useOrganizationNames(): ReadonlyMap<number, string> {
  const { bootstrap } = useSession();
  return useMemo(() => new Map(bootstrap.organizations.map((o) => [o.id, o.name])), [bootstrap.organizations]);
}

/** The names the person columns show (stable while the session is). */
export function usePersonNames(): PersonNames {
  const professionName = useProfessionName();
  const organizationName = useOrganizationNames();
  return useMemo(() => ({ professionName, organizationName }), [professionName, organizationName]);
}

/** What a report row says of its person. */
export interface PersonFields<T> {
  name: (row: T) => string;
  profession: (row: T) => string | null;
  organizationId: (row: T) => number;
}

/** The Name, Profession and Organization columns of a report's person table (the last two fold on narrow screens). */
export function personColumns<T>(names: PersonNames, fields: PersonFields<T>, name = { key: 'name', header: 'Name' }): DataColumn<T>[] {
  return [
    { ...name, value: fields.name },
    { key: 'profession', header: 'Profession', value: (r) => names.professionName(fields.profession(r)), fold: true },
    { key: 'organization', header: 'Organization', value: (r) => names.organizationName.get(fields.organizationId(r)) ?? null, fold: true },
  ];
}

/** The Actions column: a person's row menu with the reports of `targets`, then the page's own items. */
export function personMenuColumn<T>(
  person: (row: T) => ReportPerson,
  filters: FilterState,
  targets: readonly PersonTarget[],
  items?: (row: T) => ReactNode,
): DataColumn<T> {
  return {
    key: 'menu',
    header: 'Actions',
    value: () => null,
    sortable: false,
    exportable: false,
    pin: 'end',
    render: (r) => (
      <PersonRowMenu person={person(r)} filters={filters} targets={targets}>
        {items?.(r)}
      </PersonRowMenu>
    ),
  };
}

/** A report row in the usual shape: the person's user id, name, profession and organization. */
export interface PersonRow {
  userId: number;
  name: string;
  profession: string | null;
  organizationId: number;
}

/** The person fields of a row in the usual shape. */
export const PERSON_ROW_FIELDS: PersonFields<PersonRow> = { name: (r) => r.name, profession: (r) => r.profession, organizationId: (r) => r.organizationId };

/** The person a row in the usual shape is about, for its menu. */
export const personOfRow = (r: PersonRow): ReportPerson => ({ id: r.userId, name: r.name, organizationId: r.organizationId });

import type { PermissionSubject } from '@contracts/permissions';
import { PERMISSION_GROUPS, type CatalogPermission } from '@contracts/roles';
import { Checkbox, Text } from '@mantine/core';
import { useId, useMemo } from 'react';
import { CheckTarget, type DataColumn, DataTable } from '@/components/data-table';
import { PERMISSION_PAGE_SIZE } from '@/entities/roles/messages';

export interface PermissionTableProps {
  catalog: readonly CatalogPermission[];
  selected: ReadonlySet<PermissionSubject>;
  /** Absent: the table only shows. */
  onChange?: (next: Set<PermissionSubject>) => void;
  /** Subjects the signed-in user may grant (they hold them); the others cannot be ticked. */
  grantable?: ReadonlySet<PermissionSubject>;
  loading?: boolean;
  error?: Error | null;
  label?: string;
}

/** The catalog sorted by section (Reports, Accounts, Devices, Features), then by name. */
export function groupedCatalog(catalog: readonly CatalogPermission[]): CatalogPermission[] {
  const order = (p: CatalogPermission) => PERMISSION_GROUPS.indexOf(p.group);
  return [...catalog].sort((a, b) => order(a) - order(b) || a.label.localeCompare(b.label));
}

/** The permissions of a template, 12 a page, grouped by section, each ticked on or off. */
export function PermissionTable({ catalog, selected, onChange, grantable, loading, error, label = 'Permissions' }: PermissionTableProps) {
  const rows = useMemo(() => groupedCatalog(catalog), [catalog]);
  const tableId = useId();
  const boxId = (subject: PermissionSubject) => `${tableId}-${subject}`;
  const toggle = (subject: PermissionSubject) => {
    if (!onChange) return;
    const next = new Set(selected);
    if (next.has(subject)) next.delete(subject);
    else next.add(subject);
    onChange(next);
  };
  const columns: DataColumn<CatalogPermission>[] = [
    {
      key: 'included',
      header: 'Included',
      value: (p) => selected.has(p.subject),
      sortable: false,
      exportable: false,
      render: (p) => (
        <CheckTarget>
          <Checkbox
            id={boxId(p.subject)}
            aria-label={p.label}
            checked={selected.has(p.subject)}
            // Removing is always allowed; adding only what the user holds.
            disabled={!onChange || (!selected.has(p.subject) && grantable !== undefined && !grantable.has(p.subject))}
            onChange={() => toggle(p.subject)}
            styles={{ input: { cursor: onChange ? 'pointer' : 'default' } }}
          />
        </CheckTarget>
      ),
    },
    {
      key: 'label',
      header: 'Permission',
      value: (p) => p.label,
      // The name ticks its box too, as a form's label does, over the whole height of the row.
      render: (p) => (
        <Text component="label" htmlFor={boxId(p.subject)} size="sm" mih={44} display="flex" style={{ alignItems: 'center', cursor: onChange ? 'pointer' : 'default' }}>
          {p.label}
        </Text>
      ),
    },
    { key: 'group', header: 'Section', value: (p) => p.group },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(p) => p.subject}
      pageSize={PERMISSION_PAGE_SIZE}
      loading={loading}
      error={error}
      emptyText="No permissions"
      rowLabel={(p) => p.label}
    />
  );
}

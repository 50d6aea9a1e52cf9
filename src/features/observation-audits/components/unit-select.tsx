import type { AuditUnit } from '@contracts/observation-audits';
import { Select } from '@mantine/core';

/** The units grouped under the location above each ('St. Mary's Hospital'), in the API's order. */
function unitOptions(units: readonly AuditUnit[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const unit of units) {
    const group = unit.parentName ?? 'Other units';
    const items = groups.get(group) ?? [];
    items.push({ value: String(unit.id), label: unit.name });
    groups.set(group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** The patient care unit to audit, or whose sessions to list: searchable, a finger's size. */
export function UnitSelect({ units, value, onChange }: { units: readonly AuditUnit[]; value: number | null; onChange: (unit: AuditUnit) => void }) {
  return (
    <Select
      label="Unit"
      placeholder="Choose a unit"
      data={unitOptions(units)}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const unit = units.find((u) => String(u.id) === next);
        if (unit) onChange(unit);
      }}
      searchable
      allowDeselect={false}
      nothingFoundMessage="Nothing found"
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      size="md"
    />
  );
}

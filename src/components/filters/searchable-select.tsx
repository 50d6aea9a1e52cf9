import { MultiSelect, Pill, Select } from '@mantine/core';

/** An option of the select filters. */
export interface SelectOption {
  value: string;
  label: string;
}

/** How many chips the multi-select shows before '+N'. */
export const MAX_SHOWN_CHIPS = 3;

/**
 * A searchable single select for filters (Mantine `Select`, size md). Entering the field selects
 * the name it shows, so typing searches afresh instead of adding to it.
 */
export function SearchableSelect({
  label,
  data,
  value,
  onChange,
  placeholder,
  clearable,
}: {
  label: string;
  data: SelectOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  clearable?: boolean;
}) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      placeholder={placeholder}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      searchable
      onFocus={(event) => event.currentTarget.select()}
      onClick={(event) => event.currentTarget.select()}
      nothingFoundMessage="Nothing found"
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      size="md"
    />
  );
}

/**
 * A searchable multi select (Mantine `MultiSelect`, size md) that keeps the field short:
 * the first three values show as chips, the rest as one '+N' chip. Every value stays
 * checked in the dropdown, where it can be removed.
 */
export function ChipsMultiSelect({
  label,
  data,
  value,
  onChange,
  placeholder,
  clearable,
}: {
  label: string;
  data: SelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  clearable?: boolean;
}) {
  const hidden = value.length - MAX_SHOWN_CHIPS;
  return (
    <MultiSelect
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      placeholder={value.length ? undefined : placeholder}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      searchable
      nothingFoundMessage="Nothing found"
      comboboxProps={{ withinPortal: true, keepMounted: false }}
      size="md"
      renderPill={({ option, value: item, onRemove, disabled }) => {
        const index = item === undefined ? -1 : value.indexOf(item);
        if (index < MAX_SHOWN_CHIPS) {
          return (
            <Pill withRemoveButton={!disabled} onRemove={onRemove} disabled={disabled}>
              {option?.label ?? item}
            </Pill>
          );
        }
        return index === MAX_SHOWN_CHIPS ? <Pill aria-label={`${hidden} more selected`}>+{hidden}</Pill> : null;
      }}
    />
  );
}

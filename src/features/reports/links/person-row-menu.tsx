import { ActionIcon, Menu } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FilterState } from '../filters/filter-state';
import { personLink, type PersonTarget, type ReportPerson, useAllowedPersonTargets } from './person-links';

const LABELS: Record<PersonTarget, string> = {
  compliance: 'Compliance',
  'staff-rounding': 'Staff Rounding',
  'contact-tracing': 'Contact Tracing',
};

/**
 * A person's row menu on a report: the reports of `targets` the user may open, for them, with the
 * current filters, then the page's own items (`children`, such as History). 44 px targets for
 * touch. Nothing when it would offer nothing.
 */
export function PersonRowMenu({
  person,
  filters,
  targets,
  children,
}: {
  person: ReportPerson;
  filters: FilterState;
  targets: readonly PersonTarget[];
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  const offered = useAllowedPersonTargets(targets);
  if (offered.length === 0 && !children) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Actions for ${person.name}`} onClick={(event) => event.stopPropagation()}>
          <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden>
            <circle cx={10} cy={4} r={1.8} fill="currentColor" />
            <circle cx={10} cy={10} r={1.8} fill="currentColor" />
            <circle cx={10} cy={16} r={1.8} fill="currentColor" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {offered.map((target) => (
          <Menu.Item key={target} mih={44} onClick={() => void navigate(personLink(target, filters, person))}>
            {LABELS[target]}
          </Menu.Item>
        ))}
        {children}
      </Menu.Dropdown>
    </Menu>
  );
}

import { Menu } from '@mantine/core';
import { RowMenu } from '@/components/row-menu';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { FilterState } from '../../filters/filter-state';
import { useKeptParams } from '../../filters/kept-params';
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
  const keepsOf = useKeptParams();
  if (offered.length === 0 && !children) return null;
  return (
    <RowMenu label={person.name}>
      {offered.map((target) => (
        <Menu.Item key={target} mih={44} onClick={() => void navigate(personLink(target, filters, person, keepsOf))}>
          {LABELS[target]}
        </Menu.Item>
      ))}
      {children}
    </RowMenu>
  );
}

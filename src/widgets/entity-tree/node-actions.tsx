import { Button } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A compact 44 px action of a tree row. */
export function NodeAction({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="subtle" size="compact-sm" mih={44} onClick={onClick} aria-label={label}>
      {children}
    </Button>
  );
}

/** A tree row's link to another page (a real link: middle-click and the keyboard work). */
export function NodeLink({ label, href, children }: { label: string; href: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Button
      component="a"
      href={href}
      variant="subtle"
      size="compact-sm"
      mih={44}
      aria-label={label}
      onClick={(event: React.MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate({ href });
      }}
    >
      {children}
    </Button>
  );
}

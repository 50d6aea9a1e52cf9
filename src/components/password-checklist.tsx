import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import type { ChecklistItem } from '@contracts/password';

/** The live password checklist: each rule ticks as soon as the typed password meets it. */
export function PasswordChecklist({ items }: { items: ChecklistItem[] }) {
  return (
    <List spacing={4} size="sm" center aria-label="Password requirements" data-testid="password-checklist">
      {items.map((item) => (
        <List.Item
          key={item.id}
          data-rule={item.id}
          data-met={item.met}
          c={item.met ? 'teal.8' : 'dimmed'}
          icon={
            <ThemeIcon size={18} radius="xl" color={item.met ? 'teal' : 'gray'} variant={item.met ? 'filled' : 'light'} aria-hidden>
              {item.met ? '✓' : '•'}
            </ThemeIcon>
          }
        >
          {item.label}
          <VisuallyHidden>{item.met ? ' (met)' : ' (not met)'}</VisuallyHidden>
        </List.Item>
      ))}
    </List>
  );
}

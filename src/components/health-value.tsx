import { HEALTH_WORDS, type Health } from '@contracts/device-health';
import { Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

/** The colour of a health level: none when okay, orange for a warning, red for an error. */
export const HEALTH_COLORS: Record<Health, string | undefined> = { ok: undefined, warning: 'orange', error: 'red' };

/**
 * A device's reading coloured by its health (docs/SCREENS.md 'Device health'), the level said in
 * words to a screen reader and on hover ('Heartbeat: Warning', then `detail` when given); a
 * reading without a level plain.
 */
export function HealthValue({ health, what, detail, children }: { health: Health | null; what: string; detail?: string; children: ReactNode }) {
  if (health === null || health === 'ok') {
    return (
      <Text size="sm" span title={detail}>
        {children}
      </Text>
    );
  }
  const words = `${what}: ${HEALTH_WORDS[health]}`;
  return (
    <Text size="sm" span c={HEALTH_COLORS[health]} fw={600} title={detail ? `${words} · ${detail}` : words} data-health={health}>
      {children}
      <VisuallyHidden> ({words})</VisuallyHidden>
    </Text>
  );
}

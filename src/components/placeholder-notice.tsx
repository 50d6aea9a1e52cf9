import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** The clearly labelled notice on screens a later version will build. */
export function PlaceholderNotice({ title, children }: { title: string; children: ReactNode }) {
  return (
    // The title keeps the body text colour: yellow-on-yellow would fail contrast.
    <Alert color="yellow" variant="light" title={title} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      {children}
    </Alert>
  );
}

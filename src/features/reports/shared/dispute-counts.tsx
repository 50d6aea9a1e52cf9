import { Text } from '@mantine/core';

/** How many of the range's opportunities were disputed and excluded (docs/METRICS.md '15. Disputed opportunities'). */
export function DisputeCounts({ disputed, excluded }: { disputed: number; excluded: number }) {
  return (
    <Text size="sm" c="dimmed" mt="xs" data-testid="dispute-counts">
      {disputed} {disputed === 1 ? 'opportunity' : 'opportunities'} disputed, {excluded} excluded
    </Text>
  );
}

import { Badge, Button, Group, Pagination, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PendingMark } from '@/components/pending-mark';
import { distance, type ShownSegment } from '../path-model';

/** Rows of the list per page (the editor's tables show 12). */
export const PATH_LIST_PAGE_SIZE = 12;

/** A path's length for the list: metres when the plan's scale is known, else plan pixels. */
export function pathLength(segment: ShownSegment, mapScale: number | null): string {
  const pixels = distance(segment.origin, segment.destination);
  return mapScale ? `${(pixels / mapScale).toFixed(1)} m` : `${Math.round(pixels)} px`;
}

function StateMark({ segment }: { segment: ShownSegment }) {
  switch (segment.state) {
    case 'new':
      return <Badge color="violet" variant="light">Not saved</Badge>;
    case 'marked':
      return <Badge color="red" variant="light">To delete</Badge>;
    case 'removing':
      return <Badge color="yellow" variant="light">Deletion pending</Badge>;
    case 'pending':
    case 'failed':
      return <PendingMark state={segment.state} error={segment.error} fallback="The server refused this path." />;
    default:
      return null;
  }
}

/**
 * The paths as a list: what the map shows, for keyboards and screen readers, with Delete and Keep
 * for each; focusing or pointing at a row highlights its path.
 */
export function PathList({
  segments,
  mapScale,
  disabled,
  onToggle,
  onHighlight,
}: {
  segments: readonly ShownSegment[];
  mapScale: number | null;
  disabled: boolean;
  onToggle: (segment: ShownSegment) => void;
  onHighlight: (key: string | null) => void;
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(segments.length / PATH_LIST_PAGE_SIZE));
  const shownPage = Math.min(page, pages);
  const rows = segments.slice((shownPage - 1) * PATH_LIST_PAGE_SIZE, shownPage * PATH_LIST_PAGE_SIZE);
  return (
    <Stack gap="xs" aria-label="Paths" role="region">
      <Text fw={600}>Paths ({segments.length})</Text>
      {segments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No paths yet. Choose Draw and tap the plan to start one.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={520}>
          <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((s, i) => {
              const number = (shownPage - 1) * PATH_LIST_PAGE_SIZE + i + 1;
              const marked = s.state === 'marked';
              return (
                <Group
                  component="li"
                  key={s.key}
                  gap="xs"
                  justify="space-between"
                  wrap="nowrap"
                  onPointerEnter={() => onHighlight(s.key)}
                  onPointerLeave={() => onHighlight(null)}
                  onFocus={() => onHighlight(s.key)}
                  onBlur={() => onHighlight(null)}
                  data-testid="path-row"
                >
                  <Stack gap={0}>
                    <Text size="sm">
                      Path {number} · {pathLength(s, mapScale)}
                    </Text>
                    <StateMark segment={s} />
                  </Stack>
                  {s.state !== 'removing' && (
                    <Button
                      size="compact-sm"
                      mih={44}
                      variant={marked ? 'light' : 'subtle'}
                      color={marked ? undefined : 'red'}
                      disabled={disabled}
                      aria-label={`${marked ? 'Keep' : 'Delete'} path ${number}`}
                      onClick={() => onToggle(s)}
                    >
                      {marked ? 'Keep' : 'Delete'}
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {pages > 1 && <Pagination total={pages} value={shownPage} onChange={setPage} size="sm" aria-label="Pages of paths" />}
    </Stack>
  );
}

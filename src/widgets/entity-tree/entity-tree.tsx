import { ActionIcon, Box, Center, Group, Loader, Text } from '@mantine/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { buildVisibleTree, type TreeNode, type VisibleTreeNode } from '@/components/filters/tree';
import { LoadError } from '@/components/load-error';
import { readExpanded, writeExpanded } from './expansion-cookie';

export interface EntityTreeProps<T extends TreeNode> {
  /** Accessible name of the tree. */
  label: string;
  nodes: readonly T[];
  /** The cookie that remembers which nodes are open. */
  cookieName: string;
  /** Shown after the node's name (a badge). */
  renderTag?: (node: T) => ReactNode;
  /** The node's actions; asked only for nodes the user has access to. */
  renderActions: (node: T) => ReactNode;
}

/**
 * The organization or location hierarchy as a tree (docs/SCREENS.md 'Organizations' and
 * 'Locations'): a node shows when the user has access to it or to a descendant; actions only on
 * nodes with access. Open nodes are remembered in a
 * cookie; a node with children opens and closes with its 44 px toggle.
 */
export function EntityTree<T extends TreeNode>({ label, nodes, cookieName, renderTag, renderActions }: EntityTreeProps<T>) {
  const roots = useMemo(() => buildVisibleTree(nodes), [nodes]);
  const [expanded, setExpanded] = useState<Set<number>>(() => readExpanded(cookieName));
  const toggle = useCallback(
    (id: number) => {
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        writeExpanded(cookieName, next);
        return next;
      });
    },
    [cookieName],
  );

  const renderNode = (item: VisibleTreeNode<T>, depth: number): ReactNode => {
    const { node, children } = item;
    const open = expanded.has(node.id);
    return (
      <Box component="li" key={node.id} role="treeitem" aria-label={node.name} aria-expanded={children.length ? open : undefined} aria-level={depth + 1} style={{ listStyle: 'none' }}>
        <Group gap="xs" wrap="nowrap" py={4} pl={depth * 24} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid={`tree-node-${node.id}`}>
          {children.length ? (
            <ActionIcon variant="subtle" size={44} onClick={() => toggle(node.id)} aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}>
              {open ? '▾' : '▸'}
            </ActionIcon>
          ) : (
            <Box w={44} aria-hidden />
          )}
          <Text fw={node.accessible ? 500 : 400} c={node.accessible ? undefined : 'dimmed'} style={{ flex: 1, minWidth: 0 }} truncate>
            {node.name}
          </Text>
          {renderTag?.(node)}
          {node.accessible && <Group gap={4} wrap="nowrap">{renderActions(node)}</Group>}
        </Group>
        {open && children.length > 0 && (
          <Box component="ul" role="group" p={0} m={0}>
            {children.map((child) => renderNode(child, depth + 1))}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box component="ul" role="tree" aria-label={label} p={0} m={0}>
      {roots.map((root) => renderNode(root, 0))}
    </Box>
  );
}

/** The tree's loading state. */
/** A tree page's states around its tree: loading, not loaded (offline or failed), empty, or the tree. */
export function TreeStates<T>({
  query,
  unavailable,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: Error | null; data: readonly T[] | undefined };
  /** What offline says when the list was never loaded on this device. */
  unavailable: string;
  children: (list: readonly T[]) => ReactNode;
}) {
  if (query.isPending) return <TreeLoading />;
  if (query.isError && !query.data) return <LoadError error={query.error ?? 'Could not load'} unavailable={unavailable} />;
  const list = query.data ?? [];
  if (list.length === 0) return <Text c="dimmed">No results</Text>;
  return children(list);
}

export function TreeLoading() {
  return (
    <Center py="xl" role="status" aria-label="Loading…">
      <Loader aria-hidden />
    </Center>
  );
}

import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Combobox,
  Drawer,
  Group,
  Input,
  Pill,
  Popover,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useMedia } from '@/lib/use-media';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { type ReactElement, type ReactNode, useMemo, useState } from 'react';
import { NARROW_QUERY } from './date-range-picker';
import { buildVisibleTree, filterTree, type TreeNode, type VisibleTreeNode } from './tree';
import { checkStates, idsOf, type Selection, selectionOf, toggled, withAll } from './tree-selection';

/** How many selected names the field shows before '+N more'. */
export const MAX_SHOWN_PILLS = 3;

interface TreeFieldProps {
  label: string;
  nodes: readonly TreeNode[];
  placeholder?: string;
}

/**
 * The organization/location picker: a field showing up to three selected names (and '+N more')
 * that opens a searchable tree of checkboxes (a bottom drawer on narrow screens). Only
 * accessible nodes can be checked; their inaccessible ancestors show, disabled, as context.
 * Each id stands for itself and everything under it (tree-selection.ts): ticking a node ticks
 * all under it, unticking one leaves its parents partly ticked (indeterminate), and `onChange`
 * receives the shortest list of ids meaning what is ticked, in tree order. Changes apply at once.
 * 'Select all' ticks what the search shows; 'Clear' unticks everything, and the next tick starts
 * from nothing (a report needs at least one: closing the picker with nothing ticked keeps the
 * selection it had). With `allowEmpty` (a user's access, where none is a choice) nothing ticked is
 * passed on like any other selection.
 */
export function TreeMultiSelect({
  label,
  nodes,
  value,
  onChange,
  placeholder = 'Select',
  allowEmpty = false,
}: TreeFieldProps & { value: readonly number[]; onChange: (ids: number[]) => void; allowEmpty?: boolean }) {
  const tree = useMemo(() => buildVisibleTree(nodes), [nodes]);
  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const [cleared, setCleared] = useState(false);
  const applied = useMemo(() => selectionOf(tree, value), [tree, value]);
  const selection = cleared ? new Set<number>() : applied;
  const states = checkStates(tree, selection);
  const shownIds = idsOf(tree, selection);
  const emit = (next: Selection) => {
    const ids = idsOf(tree, next);
    if (ids.length === 0 && !allowEmpty) return setCleared(true);
    setCleared(false);
    onChange(ids);
  };

  const names = shownIds.flatMap((id) => byId.get(id)?.name ?? []);
  const pills = names.slice(0, MAX_SHOWN_PILLS).map((name, i) => <Pill key={i}>{name}</Pill>);
  if (names.length > MAX_SHOWN_PILLS) pills.push(<Pill key="more">+{names.length - MAX_SHOWN_PILLS} more</Pill>);

  return (
    <TreePicker label={label} summary={pills.length ? pills : null} placeholder={placeholder} onClose={() => setCleared(false)}>
      {() => (
        <TreeBrowser
          label={label}
          tree={tree}
          nodes={nodes}
          selectedIds={[...selection]}
          actions={(shown) => (
            <Stack gap={4}>
              <Group gap="xs">
                <Button variant="light" onClick={() => emit(withAll(tree, selection, shown))}>
                  Select all
                </Button>
                {/* Never disabled: the focus stays on it once it has cleared. */}
                <Button variant="default" onClick={() => (allowEmpty ? onChange([]) : setCleared(true))}>
                  Clear
                </Button>
              </Group>
              {cleared && (
                <Text size="sm" c="dimmed" role="status">
                  Nothing is ticked: tick what the report should show. Closing keeps the last selection.
                </Text>
              )}
            </Stack>
          )}
          renderControl={(node) => {
            const state = states.get(node.id) ?? 'unchecked';
            return (
              <Checkbox
                size="md"
                label={node.name}
                checked={state === 'checked'}
                indeterminate={state === 'indeterminate'}
                disabled={!node.accessible}
                onChange={() => emit(toggled(tree, selection, node.id))}
              />
            );
          }}
        />
      )}
    </TreePicker>
  );
}

/** The single-choice tree picker (one location): picking an accessible node calls `onChange` and closes. */
export function TreeSelect({
  label,
  nodes,
  value,
  onChange,
  placeholder = 'Select',
}: TreeFieldProps & { value: number | null; onChange: (id: number) => void }) {
  const tree = useMemo(() => buildVisibleTree(nodes), [nodes]);
  const current = value === null ? undefined : nodes.find((node) => node.id === value);
  const selectedIds = value === null ? [] : [value];

  return (
    <TreePicker label={label} summary={current?.name ?? null} placeholder={placeholder}>
      {(close) => (
        <TreeBrowser
          label={label}
          tree={tree}
          nodes={nodes}
          selectedIds={selectedIds}
          renderControl={(node) => (
            <Button
              variant={node.id === value ? 'light' : 'subtle'}
              color={node.accessible ? undefined : 'gray'}
              justify="flex-start"
              fullWidth
              aria-pressed={node.id === value}
              disabled={!node.accessible}
              onClick={() => {
                close();
                onChange(node.id);
              }}
            >
              {node.name}
            </Button>
          )}
        />
      )}
    </TreePicker>
  );
}

/** The field and its popover (or bottom drawer on narrow screens). */
function TreePicker({
  label,
  summary,
  placeholder,
  onClose,
  children,
}: {
  label: string;
  placeholder: string;
  summary: ReactNode;
  /** Called when the popover or drawer closes. */
  onClose?: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const narrow = useMedia(NARROW_QUERY);
  const [opened, setOpenedState] = useState(false);
  const setOpened = (next: boolean) => {
    setOpenedState(next);
    if (!next) onClose?.();
  };
  const drawerWanted = useOpenedOnce(opened);
  const close = () => setOpened(false);

  const trigger: ReactElement = (
    <Input
      component="button"
      type="button"
      id={id}
      size="md"
      pointer
      aria-labelledby={`${labelId} ${id}`}
      aria-haspopup="dialog"
      aria-expanded={opened}
      rightSection={<Combobox.Chevron />}
      rightSectionPointerEvents="none"
      onClick={() => setOpened(!opened)}
      multiline
    >
      {summary ? (
        <Box component="span" style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center', minHeight: 28 }}>
          {summary}
        </Box>
      ) : (
        <Input.Placeholder>{placeholder}</Input.Placeholder>
      )}
    </Input>
  );

  return (
    <Input.Wrapper label={label} id={id} size="md" labelElement="div" labelProps={{ id: labelId }}>
      {narrow ? (
        <>
          {trigger}
          {drawerWanted && (
            <Drawer opened={opened} onClose={close} position="bottom" size="85%" title={label}>
              {children(close)}
            </Drawer>
          )}
        </>
      ) : (
        <Popover id={id} opened={opened} onChange={setOpened} position="bottom-start" width={380} shadow="md" trapFocus returnFocus>
          <Popover.Target>{trigger}</Popover.Target>
          <Popover.Dropdown>{children(close)}</Popover.Dropdown>
        </Popover>
      )}
    </Input.Wrapper>
  );
}

/** The search box, optional actions and the expandable tree. */
function TreeBrowser({
  label,
  tree,
  nodes,
  selectedIds,
  actions,
  renderControl,
}: {
  label: string;
  tree: VisibleTreeNode[];
  nodes: readonly TreeNode[];
  selectedIds: readonly number[];
  actions?: (shown: VisibleTreeNode[]) => ReactNode;
  renderControl: (node: TreeNode) => ReactNode;
}) {
  const [query, setQuery] = useState('');
  // Opens on the roots and on the way down to every selected node.
  const [expanded, setExpanded] = useState(() => {
    const parents = new Map(nodes.map((node) => [node.id, node.parentId]));
    const open = new Set(tree.map((branch) => branch.node.id));
    for (const id of selectedIds) {
      for (let parent = parents.get(id); parent != null && !open.has(parent); parent = parents.get(parent)) open.add(parent);
    }
    return open;
  });
  const shown = filterTree(tree, query);
  const searching = query.trim() !== '';
  const toggleExpanded = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const renderBranches = (branches: VisibleTreeNode[], level: number): ReactNode => (
    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={level === 0 ? label : undefined}>
      {branches.map(({ node, children }) => {
        const open = searching || expanded.has(node.id);
        return (
          <li key={node.id}>
            <Group gap={4} wrap="nowrap" mih={44} pl={level * 20}>
              {children.length > 0 ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
                  aria-expanded={open}
                  disabled={searching}
                  onClick={() => toggleExpanded(node.id)}
                >
                  <Chevron open={open} />
                </ActionIcon>
              ) : (
                <Box w={34} style={{ flexShrink: 0 }} />
              )}
              <Box style={{ flex: 1, minWidth: 0 }}>{renderControl(node)}</Box>
            </Group>
            {open && children.length > 0 && renderBranches(children, level + 1)}
          </li>
        );
      })}
    </Box>
  );

  return (
    <Stack gap="sm">
      <TextInput
        label="Search"
        placeholder="Search by name"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        data-autofocus
      />
      {actions?.(shown)}
      <ScrollArea.Autosize mah={360} type="auto">
        {shown.length > 0 ? renderBranches(shown, 0) : <Text c="dimmed" py="sm">Nothing found</Text>}
      </ScrollArea.Autosize>
    </Stack>
  );
}

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 16 16"
      aria-hidden
      style={{ transform: open ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
    >
      <path d="M6 3.5 10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@/test/render';
import { EntityTree } from './entity-tree';

// The organization tree a hospital's administrator gets: the network and the provider above their
// hospital come as ancestors without access; another hospital's nodes never reach them.
const NODES = [
  { id: 1, parentId: null, name: 'Lavo', accessible: false },
  { id: 2, parentId: 1, name: 'Northwind Health Network', accessible: false },
  { id: 3, parentId: 2, name: "St. Mary's Hospital", accessible: true },
  { id: 5, parentId: 3, name: "St. Mary's ICU", accessible: true },
  // An inaccessible leaf with no accessible descendant: hidden.
  { id: 9, parentId: 2, name: 'Riverside ICU', accessible: false },
];

const COOKIE = 'test-tree';

function renderTree() {
  return render(
    <EntityTree label="Organizations" nodes={NODES} cookieName={COOKIE} renderActions={(n) => <button type="button">Edit {n.name}</button>} />,
  );
}

describe('EntityTree', () => {
  afterEach(() => {
    document.cookie = `${COOKIE}=; path=/; max-age=0`;
  });

  it('shows ancestors without actions, accessible nodes with them, and hides nodes without access below them', async () => {
    renderTree();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand Lavo' }));
    await user.click(screen.getByRole('button', { name: 'Expand Northwind Health Network' }));
    expect(screen.getByText("St. Mary's Hospital")).toBeInTheDocument();
    expect(screen.queryByText('Riverside ICU')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('tree-node-1')).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(screen.getByTestId('tree-node-2')).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(screen.getByTestId('tree-node-3')).getByRole('button', { name: "Edit St. Mary's Hospital" })).toBeInTheDocument();
  });

  it('remembers open nodes in a cookie and opens as it was left', async () => {
    const first = renderTree();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Expand Lavo' }));
    expect(document.cookie).toContain(`${COOKIE}=1`);
    first.unmount();
    renderTree();
    expect(screen.getByText('Northwind Health Network')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse Lavo' })).toBeInTheDocument();
  });
});

import type { HistoryEntry, HistoryResponse } from '@contracts/wearables';
import type { InfiniteData } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, render } from '@/test/render';
import { deviceKeys } from '@/entities/devices/api/keys';
import { HistoryDialog } from './device-history-dialog';

const entry = (n: number): HistoryEntry => ({
  id: `${n % 2 ? 'a' : 'u'}-${n}`,
  type: n % 2 ? 'ASSIGN' : 'UNASSIGN',
  timestamp: new Date(Date.UTC(2026, 0, 20 - n)).toISOString(),
  user: { id: 21, firstName: 'Dana', lastName: 'Ortiz' },
  device: { id: 1, mac: 'AA:BB:CC:DD:EE:01', checkInCode: null },
  assignor: n === 3 ? { type: 'KIOSK', name: null } : { type: 'USER', name: 'Casey Rivera' },
});

function renderHistory(entries: HistoryEntry[]) {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  queryClient.setQueryData<InfiniteData<HistoryResponse, string | undefined>>(deviceKeys.history(1), {
    pages: [{ data: entries, hasMore: false }],
    pageParams: [undefined],
  });
  render(<HistoryDialog device={{ id: 1, mac: 'AA:BB:CC:DD:EE:01' }} onClose={() => {}} />, { queryClient });
  return within(screen.getByRole('dialog', { name: 'History of AA:BB:CC:DD:EE:01' }));
}

describe('the History dialog', () => {
  it('shows five events a page with who did what', () => {
    const dialog = renderHistory([1, 2, 3, 4, 5, 6, 7].map(entry));
    const rows = dialog.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    expect(dialog.getByText('Showing 1 to 5 of 7')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Dana Ortiz');
    expect(rows[0]).toHaveTextContent('Assign');
    expect(rows[0]).toHaveTextContent('Casey Rivera');
    expect(rows[1]).toHaveTextContent('Unassign');
    expect(rows[2]).toHaveTextContent('Kiosk');
  });

  it('says No events when there are none', () => {
    expect(renderHistory([]).getByText('No events')).toBeInTheDocument();
  });
});

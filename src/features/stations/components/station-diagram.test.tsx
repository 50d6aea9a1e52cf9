import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { showingText } from '../pages/stations-page';
import { gatewayState, wristband } from '../test-data';
import { StationDiagram } from './station-diagram';

describe('StationDiagram', () => {
  it('shows 16 slots, each labelled for screen readers, and opens a docked one', async () => {
    const onSlot = vi.fn();
    const state = gatewayState(1, {
      2: wristband('A1:00:00:00:00:02', { userId: 7, name: 'Dana Ortiz', battery: 64 }),
      5: wristband('00:00:00:00:00:2A', { syncEnabled: true }),
    });
    render(
      <MantineProvider>
        <StationDiagram station={state.stations[0]!} pendingByMac={new Map()} onSlot={onSlot} />
      </MantineProvider>,
    );
    const slots = screen.getAllByRole('button');
    expect(slots).toHaveLength(16);
    expect(slots[0]).toHaveAccessibleName('Slot 1: empty');
    expect(slots[1]).toHaveAccessibleName('Slot 2: wristband A1:00:00:00:00:02, Dana Ortiz, battery 64%');
    expect(slots[4]).toHaveAccessibleName('Slot 5: wristband 0042, unassigned, battery 80%, sync-enabled');
    await userEvent.click(slots[1]!);
    expect(onSlot).toHaveBeenCalledWith(2, expect.objectContaining({ mac: 'A1:00:00:00:00:02' }));
    expect(slots[0]).toBeDisabled();
  });
});

describe('showingText', () => {
  it("says 'Showing X to Y of N stations'", () => {
    expect(showingText(0, 7)).toBe('Showing 1 to 5 of 7 stations');
    expect(showingText(1, 7)).toBe('Showing 6 to 7 of 7 stations');
    expect(showingText(0, 0)).toBe('Showing 0 of 0 stations');
  });
});

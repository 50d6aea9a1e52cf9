import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { setupCards } from '../setup/setup-cards';
import { SetupGatewayCard } from './setup-gateway-card';

const MAC = 'AC:23:3F:C9:00:01';
const [card] = setupCards([{ id: 7, mac: MAC, name: null, modelName: 'Minew Gateway v2', createdAt: '2026-11-28T10:00:00Z' }]);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a setup card', () => {
  it('takes the name 500 ms after the last keystroke, or at once when the field is left', () => {
    const onName = vi.fn();
    render(<SetupGatewayCard card={card!} onName={onName} />);
    const field = screen.getByRole('textbox', { name: `Name of gateway ${MAC}` });
    fireEvent.change(field, { target: { value: 'ICU' } });
    vi.advanceTimersByTime(300);
    fireEvent.change(field, { target: { value: 'ICU North' } });
    vi.advanceTimersByTime(499);
    expect(onName).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onName).toHaveBeenCalledExactlyOnceWith(7, 'ICU North');

    fireEvent.change(field, { target: { value: 'ICU South' } });
    fireEvent.blur(field);
    expect(onName).toHaveBeenLastCalledWith(7, 'ICU South');
  });

  it('shows the MAC, the model and the message, and fixes the name once sent', () => {
    const { rerender } = render(<SetupGatewayCard card={card!} onName={() => {}} />);
    expect(screen.getByRole('article', { name: `Gateway ${MAC}` })).toHaveTextContent('Minew Gateway v2');
    expect(screen.getByText('Name this Gateway to add it to the setup queue')).toBeVisible();
    rerender(<SetupGatewayCard card={{ ...card!, name: 'ICU', status: 500, message: 'Gateway setup failed', requestId: 'r1' }} onName={() => {}} />);
    expect(screen.getByRole('textbox', { name: `Name of gateway ${MAC}` })).toHaveAttribute('readonly');
    expect(screen.getByRole('alert')).toHaveTextContent('Gateway setup failed');
  });
});

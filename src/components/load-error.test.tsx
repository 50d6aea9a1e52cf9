import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ConnectionError } from '@/lib/api-client';
import { render } from '@/test/render';
import { LoadError } from './load-error';

const offline = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!value);

afterEach(() => vi.restoreAllMocks());

describe('LoadError', () => {
  it('says offline what is unavailable and that it loads when the connection is back, never "Failed to fetch"', () => {
    offline(true);
    render(<LoadError error={new ConnectionError(new TypeError('Failed to fetch'))} unavailable="The stations need the connection. NFC tags still work offline." />);
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('Not available offline');
    expect(note).toHaveTextContent('The stations need the connection. NFC tags still work offline. It loads when the connection is back.');
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });

  it('says the server could not be reached when the device is online', () => {
    offline(false);
    render(<LoadError error={new ConnectionError()} />);
    expect(screen.getByRole('status')).toHaveTextContent('The server could not be reached');
  });

  it("shows a server's answer as it is", () => {
    offline(false);
    render(<LoadError error={new ApiError(403, 'You may not see this location.', undefined)} title="Could not load this section" />);
    expect(screen.getByText('Could not load this section')).toBeInTheDocument();
    expect(screen.getByText('You may not see this location.')).toBeInTheDocument();
  });
});

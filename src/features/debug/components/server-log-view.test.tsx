import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import type { LogSnapshot } from '../live/server-log-feed';
import { logEntry } from '../test-data';
import { LOG_SCROLL_MS } from './log-list';
import { ServerLogView } from './server-log-view';

const groups = [
  { id: 5, name: "St. Mary's", parentId: null, accessible: true },
  { id: 6, name: 'ICU – 3 North', parentId: 5, accessible: true },
];

const snapshot = (over: Partial<LogSnapshot> = {}): LogSnapshot => ({ connection: 'live', entries: [], received: 0, dropped: 0, ...over });

function renderView(log: LogSnapshot, props: { groupId?: number | null; text?: string; online?: boolean } = {}) {
  const update = vi.fn();
  const view = render(
    <ServerLogView title="Server Logs" log={log} online={props.online ?? true} groups={groups} groupId={props.groupId ?? null} text={props.text ?? ''} update={update} />,
  );
  return { ...view, update };
}

const shownPaths = () => screen.queryAllByTestId('log-entry').map((line) => line.querySelector('span:nth-child(3)')?.textContent);

describe('the Server Logs screen', () => {
  const entries = [
    logEntry({ path: '/api/bootstrap', source: 'Browsers', groupIds: [6] }),
    logEntry({ path: '/api/ingest/events', method: 'POST', source: 'Gateway', events: ['Heart Bits'], body: '{"events":[]}' }),
    logEntry({ path: '/api/dev-only', env: 'dev' }),
  ];

  it('shows prod requests by default and the other environments when chosen', () => {
    renderView(snapshot({ entries }));
    expect(shownPaths()).toEqual(['/api/bootstrap', '/api/ingest/events']);
    fireEvent.click(screen.getByRole('radio', { name: 'dev' }));
    expect(shownPaths()).toEqual(['/api/dev-only']);
  });

  it('filters by request source and by events', () => {
    renderView(snapshot({ entries }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gateway' }));
    expect(shownPaths()).toEqual(['/api/ingest/events']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Gateway' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Location' }));
    expect(shownPaths()).toEqual([]);
    expect(screen.getByText(/Waiting for requests…/)).toHaveTextContent('3 received requests are hidden by the filters.');
  });

  it('filters by the location of the address, with the locations under it, and by its search', () => {
    const { unmount } = renderView(snapshot({ entries }), { groupId: 5 });
    expect(shownPaths()).toEqual(['/api/bootstrap']);
    unmount();
    renderView(snapshot({ entries }), { text: 'ingest' });
    expect(shownPaths()).toEqual(['/api/ingest/events']);
  });

  it('says it is waiting for requests, and how it stands with the connection', () => {
    renderView(snapshot({ connection: 'connecting' }));
    expect(screen.getByText('Waiting for requests…')).toBeInTheDocument();
    expect(screen.getByTestId('log-connection')).toHaveTextContent('Connecting…');
  });

  it('says offline that the log needs a connection', () => {
    renderView(snapshot({ entries }), { online: false });
    expect(screen.getByText(/The server log is live and needs a connection/)).toBeInTheDocument();
    expect(screen.getByTestId('log-connection')).toHaveTextContent('Disconnected');
  });

  describe('auto-scroll', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('scrolls to the newest request every second while on; choosing a request turns it off and shows its details', () => {
      const detailed = logEntry({ path: '/api/pusher/auth', method: 'POST', status: 403, error: 'You may not join private-server', query: '{"x":1}', body: '{"password":"[redacted]"}' });
      renderView(snapshot({ entries: [...entries, detailed] }));
      const list = screen.getByTestId('log-list');
      let height = 500;
      Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => height });
      const checkbox = screen.getByRole('checkbox', { name: 'Auto-scroll' });
      expect(checkbox).toBeChecked();
      act(() => vi.advanceTimersByTime(LOG_SCROLL_MS));
      expect(list.scrollTop).toBe(500);
      height = 900;
      act(() => vi.advanceTimersByTime(LOG_SCROLL_MS));
      expect(list.scrollTop).toBe(900);

      fireEvent.click(screen.getByRole('button', { name: /POST \/api\/pusher\/auth/ }));
      expect(checkbox).not.toBeChecked();
      const details = screen.getByTestId('log-details');
      expect(within(details).getByText('You may not join private-server')).toBeInTheDocument();
      expect(within(details).getByLabelText('Body')).toHaveTextContent('"password": "[redacted]"');
      expect(within(details).getByLabelText('Headers')).toHaveTextContent('"authorization": "[redacted]"');

      list.scrollTop = 100;
      height = 1500;
      act(() => vi.advanceTimersByTime(3 * LOG_SCROLL_MS));
      expect(list.scrollTop).toBe(100);

      fireEvent.click(checkbox);
      act(() => vi.advanceTimersByTime(LOG_SCROLL_MS));
      expect(list.scrollTop).toBe(1500);
    });

    it('offers each request as a button, which Tab reaches and Enter presses, and closes the details', () => {
      renderView(snapshot({ entries }));
      const line = screen.getByRole('button', { name: /GET \/api\/bootstrap/ });
      expect(line.tagName).toBe('BUTTON');
      line.focus();
      expect(line).toHaveFocus();
      fireEvent.click(line);
      expect(screen.getByRole('checkbox', { name: 'Auto-scroll' })).not.toBeChecked();
      expect(line).toHaveAttribute('aria-pressed', 'true');
      fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
      expect(screen.queryByTestId('log-details')).not.toBeInTheDocument();
    });
  });
});

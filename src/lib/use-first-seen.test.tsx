import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFirstSeen } from './use-first-seen';

function Probe() {
  const [ref, seen] = useFirstSeen<HTMLDivElement>();
  return <div ref={ref}>{seen ? 'drawn' : 'waiting'}</div>;
}

describe('useFirstSeen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts everything as seen where the browser cannot tell', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });

  it('waits until the element nears the viewport, then stays seen', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.getByText('drawn')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it('draws everything before the page is printed, though never scrolled to', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    window.dispatchEvent(new Event('beforeprint'));
    // Drawn by the time the handler returns: the browser lays the printout out right after it.
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });
});

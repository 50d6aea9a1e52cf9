import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { CrashScreen } from './crash-screen';
import { AppErrorBoundary } from './error-boundary';

describe('crash screen', () => {
  it('shows the spec texts and both buttons', async () => {
    const onBack = vi.fn();
    const onHome = vi.fn();
    render(<CrashScreen onBack={onBack} onHome={onHome} />);
    expect(screen.getByRole('heading', { name: "We're sorry" })).toBeInTheDocument();
    expect(screen.getByText("It looks like something went wrong :'(")).toBeInTheDocument();
    expect(screen.getByText('Our team has been notified and will get it fixed up in no time.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(onBack).toHaveBeenCalledTimes(1);
    expect(onHome).toHaveBeenCalledTimes(1);
  });
});

let shouldThrow = true;
function Flaky() {
  const [renders] = useState(() => 'rendered');
  if (shouldThrow) throw new Error('render failed');
  return <p>{renders} fine</p>;
}

describe('app error boundary', () => {
  it('replaces a failed render with the crash screen; Back renders the page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(
      <AppErrorBoundary onHome={() => {}}>
        <Flaky />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: "We're sorry" })).toBeInTheDocument();
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('rendered fine')).toBeInTheDocument();
  });

  it('Home leaves through the given handler', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    const onHome = vi.fn(() => {
      shouldThrow = false;
    });
    render(
      <AppErrorBoundary onHome={onHome}>
        <Flaky />
      </AppErrorBoundary>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(onHome).toHaveBeenCalledTimes(1);
  });
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { FakeNdefReader } from './fake-ndef-reader';
import { NfcScanField } from './nfc-scan-field';

const LABEL = 'Tag ID (tap a tag or type it)';
const REFUSED = 'NFC access was refused. Allow NFC for this site, or type the tag id.';

function renderField(props: { disabled?: boolean; label?: string } = {}) {
  const onRead = vi.fn();
  const view = render(<NfcScanField onRead={onRead} {...props} />);
  return { onRead, ...view };
}

async function startScan() {
  await userEvent.click(screen.getByRole('button', { name: 'Start NFC scan' }));
  await screen.findByText('Hold a tag against the back of the device.', { exact: false });
  return FakeNdefReader.instances.at(-1)!;
}

describe('NfcScanField typed ids (USB or Bluetooth readers)', () => {
  it('is focused and labelled, and offers no NFC button without Web NFC', () => {
    renderField();
    expect(screen.getByLabelText(LABEL)).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Start NFC scan' })).not.toBeInTheDocument();
  });

  it('reports the trimmed id on Enter and clears the field for the next tag', async () => {
    const { onRead } = renderField();
    const input = screen.getByLabelText(LABEL);
    await userEvent.type(input, '  04A23B4C5D6E7F10 {Enter}');
    expect(onRead).toHaveBeenCalledExactlyOnceWith('04A23B4C5D6E7F10');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();

    await userEvent.type(input, 'second{Enter}');
    expect(onRead).toHaveBeenLastCalledWith('second');
  });

  it('ignores an empty Enter and never submits a surrounding form', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onRead = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <NfcScanField onRead={onRead} />
      </form>,
    );
    await userEvent.type(screen.getByLabelText(LABEL), '   {Enter}');
    await userEvent.type(screen.getByLabelText(LABEL), 'abc{Enter}');
    expect(onRead).toHaveBeenCalledExactlyOnceWith('abc');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes a custom label and can be disabled', () => {
    renderField({ label: 'Badge tag', disabled: true });
    expect(screen.getByLabelText('Badge tag')).toBeDisabled();
  });
});

describe('NfcScanField with Web NFC', () => {
  beforeEach(() => FakeNdefReader.install());
  afterEach(() => FakeNdefReader.uninstall());

  it('scans on request and reports serial numbers without colons, upper-cased', async () => {
    const { onRead } = renderField();
    const reader = await startScan();
    expect(reader.scan).toHaveBeenCalledWith({ signal: expect.any(AbortSignal) });

    act(() => reader.read('04:a2:3b:4c:5d:6e:7f:10'));
    expect(onRead).toHaveBeenCalledExactlyOnceWith('04A23B4C5D6E7F10');
    expect(screen.getByRole('status')).toHaveTextContent('Last read: 04A23B4C5D6E7F10');
  });

  it('keeps the typed field alongside the NFC button', async () => {
    const { onRead } = renderField();
    expect(screen.getByRole('button', { name: 'Start NFC scan' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(LABEL), 'typed-id{Enter}');
    expect(onRead).toHaveBeenCalledWith('typed-id');
  });

  it('explains a refusal and offers the scan again', async () => {
    FakeNdefReader.nextScan = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    renderField();
    await userEvent.click(screen.getByRole('button', { name: 'Start NFC scan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSED);
    expect(screen.getByRole('button', { name: 'Start NFC scan' })).toBeEnabled();
  });

  it('explains a device without an NFC reader', async () => {
    FakeNdefReader.nextScan = () => Promise.reject(new DOMException('No NFC adapter', 'NotSupportedError'));
    renderField();
    await userEvent.click(screen.getByRole('button', { name: 'Start NFC scan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This device has no NFC reader. Type the tag id, or use a USB or Bluetooth reader.',
    );
  });

  it('says when a tag could not be read', async () => {
    renderField();
    const reader = await startScan();
    act(() => reader.readError());
    expect(screen.getByRole('alert')).toHaveTextContent('That tag could not be read.');
  });

  it('stops on request', async () => {
    const { onRead } = renderField();
    const reader = await startScan();
    await userEvent.click(screen.getByRole('button', { name: 'Stop NFC scan' }));
    expect(reader.signal!.aborted).toBe(true);
    act(() => reader.read('04:00'));
    expect(onRead).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start NFC scan' })).toBeInTheDocument();
  });

  it('aborts the scan on unmount', async () => {
    const { unmount } = renderField();
    const reader = await startScan();
    unmount();
    expect(reader.signal!.aborted).toBe(true);
  });

  it('stops scanning when disabled and cannot be started while disabled', async () => {
    const onRead = vi.fn();
    const { rerender } = render(<NfcScanField onRead={onRead} />);
    const reader = await startScan();

    rerender(<NfcScanField onRead={onRead} disabled />);
    expect(reader.signal!.aborted).toBe(true);
    act(() => reader.read('04:00'));
    expect(onRead).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start NFC scan' })).toBeDisabled();
    expect(screen.getByLabelText(LABEL)).toBeDisabled();
  });

  it('has touch-sized controls', () => {
    renderField();
    expect(screen.getByLabelText(LABEL).style.minHeight).toBe('44px');
    expect(screen.getByRole('button', { name: 'Start NFC scan' }).style.minHeight).toContain('2.75rem');
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { MAC_INCOMPLETE_MESSAGE, MacInput } from './mac-input';

function Harness({ initial = '', onChange }: { initial?: string; onChange?: (mac: string) => void }) {
  const [mac, setMac] = useState(initial);
  return (
    <>
      <MacInput
        label="Device MAC"
        value={mac}
        onChange={(next) => {
          setMac(next);
          onChange?.(next);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

describe('MacInput', () => {
  it('formats into upper-case colon-separated pairs as it is typed', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Device MAC');
    await userEvent.type(input, 'aab');
    expect(input).toHaveValue('AA:B');
    await userEvent.type(input, 'b-cc:ddeeff99');
    expect(input).toHaveValue('AA:BB:CC:DD:EE:FF');
    expect(onChange).toHaveBeenLastCalledWith('AA:BB:CC:DD:EE:FF');
  });

  it('normalizes a pasted MAC in any common notation', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Device MAC');
    await userEvent.click(input);
    await userEvent.paste(' aa-bb-cc-dd-ee-ff ');
    expect(input).toHaveValue('AA:BB:CC:DD:EE:FF');
  });

  it('flags an incomplete MAC only once the field is left, and clears it when complete', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Device MAC');
    await userEvent.type(input, 'aabbcc');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.getByRole('alert')).toHaveTextContent(MAC_INCOMPLETE_MESSAGE);
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(input, 'ddeeff');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('says nothing about an empty field that is left', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByLabelText('Device MAC'));
    await userEvent.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('flags a 17-character value that is not hex', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByLabelText('Device MAC'), 'zzbbccddeeff');
    await userEvent.tab();
    expect(screen.getByRole('alert')).toHaveTextContent(MAC_INCOMPLETE_MESSAGE);
  });

  it('keeps the caret in place when a character is inserted in the middle', async () => {
    render(<Harness initial="AA:CC:DD" />);
    const input = screen.getByLabelText<HTMLInputElement>('Device MAC');
    await userEvent.click(input);
    input.setSelectionRange(3, 3);
    await userEvent.keyboard('bb');
    expect(input).toHaveValue('AA:BB:CC:DD');
    expect(input.selectionStart).toBe(5);
  });

  it('asks touch keyboards for capitals, without autocorrect, at a 44 px target height', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Device MAC');
    expect(input).toHaveAttribute('inputmode', 'text');
    expect(input).toHaveAttribute('autocapitalize', 'characters');
    expect(input).toHaveAttribute('autocorrect', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
    expect(input.style.minHeight).toBe('44px');
  });

  it("prefers the caller's own error", async () => {
    render(<MacInput label="Device MAC" value="AA:BB:CC:DD:EE:FF" onChange={() => {}} error="Already exists" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Already exists');
  });
});

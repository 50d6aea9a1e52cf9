import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createDisputeBodySchema, DISPUTE_MESSAGES, DISPUTE_REASON_LABELS, DISPUTE_REASONS, type CreateDisputeBody, type DisputeReason } from '@contracts/disputes';
import { render } from '@/test/render';
import { fieldMessage, NoteField, ReasonNoteFields, useReasonNote } from './reason-note';

// The reason and note of the purpose card and the dispute dialog, checked by the contract's own
// schema (docs/SCREENS.md 'User Overview', docs/PRIVACY.md 'A purpose first').

const door = { kind: 'ENTRY', doorAt: '2026-12-01T09:00:00.000Z' } as const;

/** A form as the dispute dialog builds it: Send once valid, the body sent. */
function Dispute({ onSend }: { onSend: (body: CreateDisputeBody) => void }) {
  const form = useReasonNote(createDisputeBodySchema, (reason: DisputeReason) => ({ ...door, reason }));
  return (
    <>
      <ReasonNoteFields form={form} label="What happened?" reasons={DISPUTE_REASONS} labels={DISPUTE_REASON_LABELS} requiredHint="Required: say what happened." noteMax={500} noteRows={3} />
      <Button
        disabled={!form.valid}
        onClick={() => {
          form.touch();
          if (form.valid && form.body) onSend(form.body);
        }}
      >
        Send
      </Button>
      <Button onClick={form.touch}>Check</Button>
    </>
  );
}

const renderDispute = () => {
  const onSend = vi.fn();
  render(<Dispute onSend={onSend} />);
  return onSend;
};
const note = () => screen.getByRole('textbox', { name: 'Note' });

describe('the reason and its note', () => {
  it('offers every reason as a radio of a required choice, each label a 44 px target', () => {
    renderDispute();
    const group = screen.getByRole('radiogroup', { name: /What happened\?/ });
    expect(within(group).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([...DISPUTE_REASONS]);
    for (const reason of DISPUTE_REASONS) expect(within(group).getByRole('radio', { name: DISPUTE_REASON_LABELS[reason] })).not.toBeChecked();
    expect(group.closest('.mantine-InputWrapper-root')).toHaveTextContent('*');
    const label = within(group).getByText('Other');
    expect(getComputedStyle(label).minHeight).toBe('44px');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('sends a reason that needs no note at once, leaving out a blank note', async () => {
    const onSend = renderDispute();
    await userEvent.click(screen.getByRole('radio', { name: 'Badge left in the room' }));
    expect(screen.getByText('Optional.')).toBeInTheDocument();
    await userEvent.type(note(), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ ...door, reason: 'BADGE_LEFT' });
  });

  it('asks a note for Other, says so once the note is left, and sends it once written', async () => {
    const onSend = renderDispute();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(screen.getByText('Required: say what happened.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.queryByText(DISPUTE_MESSAGES.noteRequired)).not.toBeInTheDocument();
    await userEvent.click(note());
    await userEvent.tab();
    expect(await screen.findByText(DISPUTE_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(note()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(note(), 'Gloves on, washed before');
    expect(screen.queryByText(DISPUTE_MESSAGES.noteRequired)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ ...door, reason: 'OTHER', note: 'Gloves on, washed before' });
  });

  it('says nothing of the note before a reason is chosen, even once checked', async () => {
    renderDispute();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.queryByText(DISPUTE_MESSAGES.noteRequired)).not.toBeInTheDocument();
    expect(note()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the note to its longest', () => {
    renderDispute();
    expect(note()).toHaveAttribute('maxlength', '500');
  });
});

describe('NoteField', () => {
  it('hands up the text typed', async () => {
    const onChange = vi.fn();
    render(<NoteField label="Reply" value="" onChange={onChange} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply' }), 'N');
    expect(onChange).toHaveBeenCalledWith('N');
  });
});

describe('fieldMessage', () => {
  const schema = z.object({ reply: z.string().min(1, 'Say why'), userId: z.number() });
  it('gives the first message about the field named, none about the others', () => {
    const checked = schema.safeParse({ reply: '', userId: 'x' });
    expect(fieldMessage(checked, 'reply')).toBe('Say why');
    expect(fieldMessage(schema.safeParse({ reply: 'No', userId: 'x' }), 'reply')).toBeUndefined();
    expect(fieldMessage(schema.safeParse({ reply: 'No', userId: 5 }), 'reply')).toBeUndefined();
  });
});

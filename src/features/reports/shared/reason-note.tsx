import { Radio, Stack, Textarea, type TextareaProps } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';

// A reason chosen among radios with a free note beside it, checked by the contract's own schema
// before it is sent: the purpose before another person's figures (docs/PRIVACY.md 'A purpose
// first') and a wearer's dispute of a door (docs/SCREENS.md 'User Overview').

/** What a schema said of one field of a body: its first message, if any. */
export function fieldMessage(checked: z.ZodSafeParseResult<unknown>, field: string): string | undefined {
  return checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message;
}

/** The state of a reason and its note, as `useReasonNote` keeps it. */
export interface ReasonNote<R extends string, B> {
  reason: R | null;
  setReason: (reason: R) => void;
  note: string;
  setNote: (note: string) => void;
  /** The body to send once a reason is chosen: the note only when it holds more than blanks. */
  body: B | null;
  /** A reason is chosen and the schema takes the body. */
  valid: boolean;
  /** The schema asks a note for the reason chosen (Other). */
  noteRequired: boolean;
  /** The schema's message about the note, once the note was left or the form sent. */
  noteError: string | undefined;
  /** The note was left or the form sent: its message shows from now on. */
  touch: () => void;
}

/**
 * A reason and a note checked by `schema`: `bodyOf` makes the body of a reason without its note,
 * and the note is added when it holds more than blanks.
 */
export function useReasonNote<R extends string, B extends { note?: string }>(
  schema: z.ZodType<unknown, B>,
  bodyOf: (reason: R) => Omit<B, 'note'>,
): ReasonNote<R, B> {
  const [reason, setReason] = useState<R | null>(null);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const body = reason === null ? null : ({ ...bodyOf(reason), ...(note.trim() ? { note } : {}) } as B);
  const checked = body === null ? null : schema.safeParse(body);
  // Whether the reason asks a note is the schema's to say: the body without one is refused for it.
  const noteRequired = reason !== null && fieldMessage(schema.safeParse(bodyOf(reason)), 'note') !== undefined;
  return {
    reason,
    setReason,
    note,
    setNote,
    body,
    valid: checked?.success ?? false,
    noteRequired,
    noteError: touched && checked ? fieldMessage(checked, 'note') : undefined,
    touch: () => setTouched(true),
  };
}

// The whole label is the target, 44 px high for a finger (docs/SCREENS.md 'Touch targets').
const RADIO_STYLES = { body: { alignItems: 'center' }, label: { minHeight: 44, display: 'flex', alignItems: 'center' } } as const;

/** A free note or reply: grows with its text, `maxLength` characters at most, left when blurred. */
export function NoteField({ onChange, ...props }: Omit<TextareaProps, 'value' | 'onChange' | 'autosize' | 'size'> & { value: string; onChange: (value: string) => void }) {
  return <Textarea {...props} onChange={(event) => onChange(event.currentTarget.value)} autosize size="md" />;
}

/** Props of ReasonNoteFields. */
export interface ReasonNoteFieldsProps<R extends string, B> {
  form: ReasonNote<R, B>;
  /** The radios' legend ('Purpose', 'What happened?'). */
  label: string;
  reasons: readonly R[];
  labels: Record<R, string>;
  /** The note's hint when the reason asks one ('Required: say what happened.'); 'Optional.' otherwise. */
  requiredHint: string;
  noteMax: number;
  noteRows: number;
}

/** The reasons as radios (a choice required), then the Note, its hint and the schema's message about it. */
export function ReasonNoteFields<R extends string, B>({ form, label, reasons, labels, requiredHint, noteMax, noteRows }: ReasonNoteFieldsProps<R, B>) {
  return (
    <>
      <Radio.Group label={label} value={form.reason} onChange={(value) => form.setReason(value as R)} withAsterisk>
        <Stack gap={0} mt="xs">
          {reasons.map((r) => (
            <Radio key={r} value={r} label={labels[r]} size="md" styles={RADIO_STYLES} />
          ))}
        </Stack>
      </Radio.Group>
      <NoteField
        label="Note"
        description={form.noteRequired ? requiredHint : 'Optional.'}
        value={form.note}
        onChange={form.setNote}
        onBlur={form.touch}
        maxLength={noteMax}
        minRows={noteRows}
        error={form.noteError}
      />
    </>
  );
}

import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { forwardRef, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { isCompleteMac, normalizedCaret, normalizeMac } from './mac';

export const MAC_INCOMPLETE_MESSAGE = 'MAC must be 17 characters (colon-separated uppercase pairs).';

export interface MacInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'styles'> {
  /** The normalized MAC ('AA:BB:…'), possibly partial. */
  value: string;
  /** Receives the normalized MAC on every edit or paste. */
  onChange: (mac: string) => void;
}

function applyCaret(input: HTMLInputElement | null, caret: number) {
  if (input && input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
}

/**
 * A MAC address field that formats as it is typed or pasted and, once left, flags an incomplete MAC.
 * A caller's own `error` takes precedence over the completeness message.
 */
export const MacInput = forwardRef<HTMLInputElement, MacInputProps>(function MacInput(
  { value, onChange, onBlur, error, label = 'MAC address', errorProps, ...props },
  ref,
) {
  const [left, setLeft] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(ref, inputRef);
  const pendingCaret = useRef<number | null>(null);

  // A re-formatted value is written to the DOM on commit, which puts the caret at the end.
  useLayoutEffect(() => {
    if (pendingCaret.current === null) return;
    applyCaret(inputRef.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const raw = input.value;
    const next = normalizeMac(raw);
    const caret = normalizedCaret(raw, input.selectionStart ?? raw.length);
    if (next === value) {
      // React restores the unchanged value after this handler, so place the caret once it has,
      // unless more typing has changed the value by then.
      requestAnimationFrame(() => {
        if (inputRef.current?.value === next) applyCaret(inputRef.current, caret);
      });
    } else {
      pendingCaret.current = caret;
    }
    onChange(next);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setLeft(true);
    onBlur?.(event);
  };

  const incomplete = left && value !== '' && !isCompleteMac(value);
  const shownError = error ?? (incomplete ? MAC_INCOMPLETE_MESSAGE : undefined);

  return (
    <TextInput
      placeholder="AA:BB:CC:DD:EE:FF"
      ref={mergedRef}
      {...props}
      label={label}
      value={value}
      onChange={handleChange}
      onBlur={handleBlur}
      error={shownError}
      errorProps={{ role: 'alert', ...errorProps }}
      type="text"
      inputMode="text"
      autoCapitalize="characters"
      autoComplete="off"
      autoCorrect="off"
      spellCheck={false}
      size="lg"
      styles={{ input: { minHeight: 44, fontFamily: 'var(--mantine-font-family-monospace)' } }}
    />
  );
});

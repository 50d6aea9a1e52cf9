import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

/** Search inputs wait this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 1000;

/**
 * A search field that reports its text `SEARCH_DEBOUNCE_MS` after the last keystroke.
 * Enter and the clear button report at once. A new `value` from outside replaces the text.
 */
export function SearchInput({
  label = 'Search',
  value,
  onChange,
  placeholder,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // Adjusting state while rendering (not in an effect) keeps the field and `value` in step without a flash.
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  const report = useDebouncedCallback((next: string) => {
    if (next !== value) onChange(next);
  }, SEARCH_DEBOUNCE_MS);
  const reportNow = (next: string) => {
    report.cancel();
    if (next !== value) onChange(next);
  };

  return (
    <TextInput
      inputMode="search"
      enterKeyHint="search"
      label={label}
      placeholder={placeholder}
      size="md"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') reportNow(text);
      }}
      rightSection={
        text ? (
          <CloseButton
            aria-label="Clear search"
            onClick={() => {
              setText('');
              reportNow('');
            }}
          />
        ) : null
      }
      rightSectionPointerEvents="all"
    />
  );
}

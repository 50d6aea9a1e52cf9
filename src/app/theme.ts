import { Checkbox, createTheme, Radio, SegmentedControl, Switch } from '@mantine/core';

/** A box or switch with its label is a target of 44 px: its row and its label (which toggles it) are that high. */
const LABELLED_TARGET = { body: { minHeight: 44, alignItems: 'center' }, label: { minHeight: 44, display: 'flex', alignItems: 'center' } } as const;

/** The Lavo theme: brand teal, comfortable default sizes for touch screens. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Select: { defaultProps: { size: 'md' } },
    Switch: Switch.extend({ defaultProps: { size: 'md' }, styles: LABELLED_TARGET }),
    Checkbox: Checkbox.extend({ styles: LABELLED_TARGET }),
    Radio: Radio.extend({ styles: LABELLED_TARGET }),
    // Each segment is a target of 44 px.
    SegmentedControl: SegmentedControl.extend({ styles: { label: { minHeight: 44, display: 'flex', alignItems: 'center', justifyContent: 'center' } } }),
  },
});

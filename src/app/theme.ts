import { createTheme, Switch } from '@mantine/core';

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
    // Every switch is a target of 44 px on touch: its row and its label (which toggles it) are that high.
    Switch: Switch.extend({
      defaultProps: { size: 'md' },
      styles: { body: { minHeight: 44, alignItems: 'center' }, label: { minHeight: 44, display: 'flex', alignItems: 'center' } },
    }),
  },
});

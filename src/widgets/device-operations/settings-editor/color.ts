import { MAX_COLOR } from '@contracts/device-settings';

// A colour setting is one integer packing the R, G and B bytes (0xRRGGBB). The editor shows a
// field for each channel, which takes digits only; 0–255 fits, anything else (or empty) is an
// error and the field reverts on blur (docs/SCREENS.md 'Settings editor drawer').

export const CHANNELS = ['r', 'g', 'b'] as const;
export type Channel = (typeof CHANNELS)[number];
export type Rgb = Record<Channel, number>;

export const CHANNEL_NAMES: Readonly<Record<Channel, string>> = { r: 'red', g: 'green', b: 'blue' };

const SHIFT: Readonly<Record<Channel, number>> = { r: 16, g: 8, b: 0 };

export function unpackColor(value: number): Rgb {
  const packed = Math.min(MAX_COLOR, Math.max(0, Math.trunc(value)));
  return { r: (packed >> SHIFT.r) & 0xff, g: (packed >> SHIFT.g) & 0xff, b: (packed >> SHIFT.b) & 0xff };
}

export function packColor({ r, g, b }: Rgb): number {
  const byte = (n: number) => Math.min(255, Math.max(0, Math.trunc(n)));
  return (byte(r) << SHIFT.r) | (byte(g) << SHIFT.g) | byte(b);
}

/** The colour with one channel replaced. */
export function withChannel(value: number, channel: Channel, channelValue: number): number {
  return packColor({ ...unpackColor(value), [channel]: channelValue });
}

/** '#RRGGBB' (upper case). */
export function colorHex(value: number): string {
  const { r, g, b } = unpackColor(value);
  return `#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

const DIGITS = /^\d*$/;

/** Whether a channel field takes this text at all: digits only (anything else is refused as typed). */
export function acceptsChannelText(text: string): boolean {
  return DIGITS.test(text);
}

/** A channel's text read: its value when it is 0–255, else the error to show (empty is an error). */
export function readChannelText(text: string): { value: number; error: null } | { value: null; error: string } {
  if (text === '') return { value: null, error: 'Enter 0–255' };
  if (!acceptsChannelText(text)) return { value: null, error: 'Digits only' };
  const value = Number(text);
  return value <= 255 ? { value, error: null } : { value: null, error: 'Must be 0–255' };
}

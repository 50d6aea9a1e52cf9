import { describe, expect, it } from 'vitest';
import { acceptsChannelText, colorHex, packColor, readChannelText, unpackColor, withChannel } from './color';

describe('colour', () => {
  it('packs and unpacks R, G and B bytes', () => {
    expect(packColor({ r: 255, g: 0, b: 0 })).toBe(0xff0000);
    expect(packColor({ r: 0x12, g: 0x34, b: 0x56 })).toBe(0x123456);
    expect(unpackColor(0x00ff00)).toEqual({ r: 0, g: 255, b: 0 });
    expect(unpackColor(0x123456)).toEqual({ r: 0x12, g: 0x34, b: 0x56 });
    for (const value of [0, 1, 0xabcdef, 0xffffff]) expect(packColor(unpackColor(value))).toBe(value);
  });

  it('replaces one channel', () => {
    expect(withChannel(0x0000ff, 'r', 255)).toBe(0xff00ff);
    expect(withChannel(0xffffff, 'g', 0)).toBe(0xff00ff);
  });

  it('writes the hex', () => {
    expect(colorHex(0x00ff00)).toBe('#00FF00');
    expect(colorHex(0x0a0b0c)).toBe('#0A0B0C');
  });

  it('takes digits only in a channel, 0–255; empty is an error', () => {
    expect(acceptsChannelText('')).toBe(true);
    expect(acceptsChannelText('128')).toBe(true);
    expect(acceptsChannelText('-1')).toBe(false);
    expect(acceptsChannelText('1.5')).toBe(false);
    expect(acceptsChannelText('ff')).toBe(false);
    expect(readChannelText('0')).toEqual({ value: 0, error: null });
    expect(readChannelText('255')).toEqual({ value: 255, error: null });
    expect(readChannelText('256')).toEqual({ value: null, error: 'Must be 0–255' });
    expect(readChannelText('')).toEqual({ value: null, error: 'Enter 0–255' });
    expect(readChannelText('x')).toEqual({ value: null, error: 'Digits only' });
  });
});

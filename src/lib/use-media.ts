import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether `query` matches, read at the first render (the app renders only in the browser).
 * Mantine's default reads it in an effect after the first render, which renders the component a
 * second time, synchronously, whenever the answer is not the default `false` (phones, touch screens).
 */
export function useMedia(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}

/** A touch screen is the main pointer (a finger, not a mouse). */
export const COARSE_POINTER_QUERY = '(pointer: coarse)';

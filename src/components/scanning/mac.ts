import { normalizeMac as normalizeMacText } from '@contracts/fields';

/** A complete MAC: six colon-separated pairs, 17 characters. */
export const MAC_LENGTH = 17;

const MAC_PAIRS = 6;
const COMPLETE_MAC = /^[0-9A-F]{2}(?::[0-9A-F]{2}){5}$/;

function alphanumerics(text: string): string {
  return text.replace(/[^a-zA-Z0-9]/g, '').toUpperCase();
}

/**
 * Strips everything but letters and digits, upper-cases, and regroups into colon-separated pairs
 * ('aa-bb cc' → 'AA:BB:CC'). Anything past six pairs is dropped, so the result is at most 17 characters.
 */
export function normalizeMac(text: string): string {
  // The server's rule (the same function), cut to a MAC's length as the user types.
  return normalizeMacText(text).slice(0, MAC_LENGTH);
}

/** True only for the full 'AA:BB:CC:DD:EE:FF' shape with upper-case hex digits. */
export function isCompleteMac(text: string): boolean {
  return COMPLETE_MAC.test(text);
}

/**
 * Where the caret belongs in `normalizeMac(text)` when it sat at `caret` in `text`: after the same
 * number of letters and digits, so editing the middle of a MAC does not throw the caret to the end.
 */
export function normalizedCaret(text: string, caret: number): number {
  const before = Math.min(alphanumerics(text.slice(0, caret)).length, MAC_PAIRS * 2);
  return before === 0 ? 0 : before + Math.floor((before - 1) / 2);
}

/** The NFC id is the first 14 characters of a scanned code; the rest is the short id. */
export const NFC_ID_LENGTH = 14;

export interface NfcIdParts {
  nfcId: string;
  nfcShortId: string;
}

/** Splits a scanned NFC code at character 14, after removing whitespace and colons, upper-cased. */
export function splitNfcId(text: string): NfcIdParts {
  const code = text.replace(/[\s:]/g, '').toUpperCase();
  return { nfcId: code.slice(0, NFC_ID_LENGTH), nfcShortId: code.slice(NFC_ID_LENGTH) };
}

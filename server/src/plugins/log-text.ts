import { REDACTED } from '../contracts/server-log';

/**
 * Names of fields whose values are secrets wherever they appear in a body or a query: passwords
 * (temporary ones too), tokens, codes (confirmation and MFA codes), secrets, keys, signatures,
 * sessions and cookies. It redacts more than it must (a device code too) rather than less.
 */
const SECRET_FIELD = /pass(word)?|secret|token|code|otp|auth|cookie|session|credential|api[-_]?key|signature|private/i;
/** A value that is a token whatever its field: a JWT, or a bearer credential. */
const SECRET_VALUE = /^(Bearer\s+\S+|eyJ[\w-]*\.[\w-]*\.[\w-]*)$/i;
const MAX_DEPTH = 8;

/** Whether a field of a body or query holds a secret, by its name. */
export const isSecretField = (name: string) => SECRET_FIELD.test(name);

/** Text written up to a budget of characters; what does not fit is cut, and the text says so. */
class BoundedText {
  private readonly parts: string[] = [];
  private left: number;
  full = false;
  constructor(budget: number) {
    this.left = budget;
  }
  push(text: string): void {
    if (this.full) return;
    if (text.length > this.left) {
      this.parts.push(text.slice(0, this.left));
      this.left = 0;
      this.full = true;
      return;
    }
    this.parts.push(text);
    this.left -= text.length;
  }
  /** Room left: a string longer than this cannot fit, so only this much of it is ever encoded. */
  get room(): number {
    return this.left;
  }
  text(): string {
    return this.full ? `${this.parts.join('')}…` : this.parts.join('');
  }
}

function writeString(value: string, out: BoundedText): void {
  if (SECRET_VALUE.test(value.trim())) return out.push(JSON.stringify(REDACTED));
  // A huge string is cut before it is encoded, so a long body costs no more than a short one.
  out.push(JSON.stringify(value.length > out.room ? value.slice(0, out.room) : value));
}

function writeValue(value: unknown, out: BoundedText, depth: number): void {
  if (out.full) return;
  if (value === null || value === undefined) return out.push('null');
  if (typeof value === 'string') return writeString(value, out);
  if (typeof value === 'number' || typeof value === 'boolean') return out.push(String(value));
  if (typeof value !== 'object') return out.push(JSON.stringify(String(value)));
  if (depth >= MAX_DEPTH) return out.push('"…"');
  if (Buffer.isBuffer(value)) return out.push(JSON.stringify(`<${value.length} bytes>`));
  if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length && !out.full; i++) {
      if (i > 0) out.push(',');
      writeValue(value[i], out, depth + 1);
    }
    return out.push(']');
  }
  out.push('{');
  let first = true;
  for (const key in value as Record<string, unknown>) {
    if (out.full) break;
    if (!Object.hasOwn(value, key)) continue;
    if (!first) out.push(',');
    first = false;
    out.push(`${JSON.stringify(key)}:`);
    if (isSecretField(key)) out.push(JSON.stringify(REDACTED));
    else writeValue((value as Record<string, unknown>)[key], out, depth + 1);
  }
  out.push('}');
}

/** Form-encoded or plain text with `name=value` pairs: the values of secret names redacted. */
function redactPairs(text: string): string {
  return text.replace(/([^&=\s]+)=([^&\s]*)/g, (pair, name: string) => (isSecretField(decodeURIComponentSafe(name)) ? `${name}=${REDACTED}` : pair));
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A request part (a parsed body or query) as JSON text of at most `budget` characters (then
 * marked '…'), secret fields redacted. Work stops at the budget, so a batch of thousands of
 * events costs what its first few kilobytes cost. Empty parts (none, {}) are null.
 */
export function logText(value: unknown, budget: number): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value === '') return null;
    const cut = value.length > budget + 64 ? value.slice(0, budget + 64) : value;
    const redacted = redactPairs(cut);
    return redacted.length > budget ? `${redacted.slice(0, budget)}…` : redacted;
  }
  if (typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value) && Object.keys(value).length === 0) return null;
  const out = new BoundedText(budget);
  writeValue(value, out, 0);
  return out.text();
}

/** Text cut to `max` characters (then marked '…'). */
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

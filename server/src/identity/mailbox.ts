/**
 * The local outbox: where the real identity provider would send an email, the local one appends
 * it here as one JSON line, so developers (npm start prints each one) and tests can read it.
 * Free of cognito-local imports: tests, scripts and the browser tests' helpers import it.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const mailSchema = z.object({
  id: z.string(),
  /** ISO time the provider sent it. */
  sentAt: z.string(),
  /** The recipient's address, unmasked. */
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The absolute link in the message, if any. */
  link: z.string().nullable(),
  /** The code or temporary password the message carries. */
  code: z.string().nullable(),
  /** Cognito's trigger source, e.g. 'CustomMessage_ForgotPassword' or 'CustomMessage_AdminCreateUser'. */
  source: z.string(),
  /** The name the recipient signs in with (their email in a pool that signs in by email). */
  username: z.string(),
});
export type Mail = z.infer<typeof mailSchema>;

/** Where the outbox of a data directory lives: `{dataDir}/mail/outbox.jsonl`. */
export function mailboxPathOf(dataDir: string): string {
  return path.resolve(dataDir, 'mail', 'outbox.jsonl');
}

/** Appends one mail to the outbox, creating it if needed. */
export function appendMail(file: string, mail: Omit<Mail, 'id' | 'sentAt'>): Mail {
  const full: Mail = { id: randomUUID(), sentAt: new Date().toISOString(), ...mail };
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify(full)}\n`);
  return full;
}

function parseLines(text: string): Mail[] {
  const mails: Mail[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const parsed = mailSchema.safeParse(JSON.parse(line));
      if (parsed.success) mails.push(parsed.data);
    } catch {
      // A line being written right now, or one that is not ours: skip it.
    }
  }
  return mails;
}

/** Every mail in the outbox, oldest first; none when it does not exist yet. */
export function readMailbox(file: string): Mail[] {
  if (!existsSync(file)) return [];
  return parseLines(readFileSync(file, 'utf8'));
}

/**
 * Calls `onMail` for every mail appended from now on (polling, so it also works before the file
 * exists and after it is deleted and recreated). Returns a function that stops watching.
 */
export function watchMailbox(file: string, onMail: (mail: Mail) => void, intervalMs = 250): () => void {
  let offset = existsSync(file) ? statSync(file).size : 0;
  let partial = '';
  const poll = () => {
    if (!existsSync(file)) return;
    const size = statSync(file).size;
    if (size < offset) {
      offset = 0;
      partial = '';
    }
    if (size === offset) return;
    const buffer = Buffer.alloc(size - offset);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buffer, 0, buffer.length, offset);
    } finally {
      closeSync(fd);
    }
    offset = size;
    const text = partial + buffer.toString('utf8');
    const end = text.lastIndexOf('\n');
    partial = text.slice(end + 1);
    for (const mail of parseLines(text.slice(0, end + 1))) onMail(mail);
  };
  const timer = setInterval(poll, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Resolves with the first mail, oldest first, for which `predicate(mail, index)` holds, waiting
 * up to `timeoutMs` for it. Mails already in the outbox count: to wait for a new one, note
 * `readMailbox(file).length` before acting and require `index >= thatLength`.
 */
export async function waitForMail(
  file: string,
  predicate: (mail: Mail, index: number) => boolean,
  timeoutMs = 10_000,
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readMailbox(file).find(predicate);
    if (found) return found;
    if (Date.now() >= deadline) throw new Error(`No matching mail arrived in ${file} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

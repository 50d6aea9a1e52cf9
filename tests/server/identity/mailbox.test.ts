import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendMail, mailboxPathOf, readMailbox, waitForMail, watchMailbox, type Mail } from '../../../server/src/identity/mailbox';

const mail = (to: string): Omit<Mail, 'id' | 'sentAt'> => ({
  to,
  subject: 'Reset your Lavo password',
  text: 'Your code is 123456.',
  link: 'http://localhost:8080/reset?confirmation_code=123456&username=a',
  code: '123456',
  source: 'CustomMessage_ForgotPassword',
  username: to,
});

describe('the local mailbox', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lavo-mailbox-'));
    file = mailboxPathOf(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lives at {dataDir}/mail/outbox.jsonl', () => {
    expect(file).toBe(path.resolve(dir, 'mail', 'outbox.jsonl'));
  });

  it('reads nothing before the first mail, then every mail in order with an id and a time', () => {
    expect(readMailbox(file)).toEqual([]);
    const first = appendMail(file, mail('a@example.org'));
    appendMail(file, mail('b@example.org'));
    const mails = readMailbox(file);
    expect(mails.map((m) => m.to)).toEqual(['a@example.org', 'b@example.org']);
    expect(mails[0]).toEqual(first);
    expect(Date.parse(first.sentAt)).not.toBeNaN();
  });

  it('skips a line that is not a whole mail', () => {
    appendMail(file, mail('a@example.org'));
    writeFileSync(file, '{"half":', { flag: 'a' });
    expect(readMailbox(file)).toHaveLength(1);
  });

  it('waits for a matching mail, counting those already there, and times out otherwise', async () => {
    appendMail(file, mail('old@example.org'));
    expect((await waitForMail(file, (m) => m.to === 'old@example.org', 100)).to).toBe('old@example.org');
    const before = readMailbox(file).length;
    setTimeout(() => appendMail(file, mail('old@example.org')), 150);
    const fresh = await waitForMail(file, (m, index) => index >= before && m.to === 'old@example.org', 2_000);
    expect(readMailbox(file).findIndex((m) => m.id === fresh.id)).toBe(before);
    await expect(waitForMail(file, (m) => m.to === 'nobody@example.org', 200)).rejects.toThrow(/No matching mail/);
  });

  it('tells a watcher about new mails only, also when the file appears later', async () => {
    const seen: string[] = [];
    const stop = watchMailbox(file, (m) => seen.push(m.to), 20);
    appendMail(file, mail('one@example.org'));
    appendMail(file, mail('two@example.org'));
    await expect.poll(() => seen, { timeout: 2_000 }).toEqual(['one@example.org', 'two@example.org']);
    stop();
    appendMail(file, mail('three@example.org'));
    await new Promise((r) => setTimeout(r, 80));
    expect(seen).toHaveLength(2);

    const late: string[] = [];
    const stopLate = watchMailbox(file, (m) => late.push(m.to), 20);
    appendMail(file, mail('four@example.org'));
    await expect.poll(() => late, { timeout: 2_000 }).toEqual(['four@example.org']);
    stopLate();
  });
});

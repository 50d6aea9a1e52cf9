import nodemailer from 'nodemailer';
import type { Env } from '../env';
import { appendMail, mailboxPathOf } from '../identity/mailbox';

/** One email the server sends itself (the identity provider sends the sign-in ones). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is, recorded in the local outbox ('ComplianceReport_WEEKLY'). */
  source: string;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
}

/** The local outbox the identity emails use (identity/mailbox.ts): one JSON line per email. */
export function outboxMailer(file: string): Mailer {
  return {
    kind: 'outbox',
    async send(mail) {
      appendMail(file, { to: mail.to, subject: mail.subject, text: mail.text, link: null, code: null, source: mail.source, username: mail.to });
    },
  };
}

export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the start (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
}

/** A real SMTP server, through nodemailer. */
export function smtpMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/** SMTP when SMTP_HOST is set, else the local outbox of the data directory. */
export function mailerFromEnv(env: Env): Mailer {
  if (!env.SMTP_HOST) return outboxMailer(mailboxPathOf(env.LAVO_DATA_DIR));
  return smtpMailer({ host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, user: env.SMTP_USER, pass: env.SMTP_PASSWORD, from: env.SMTP_FROM });
}

/**
 * Where Amazon Cognito would send an email, this provider writes it to the local outbox
 * (mailbox.ts, file from LAVO_MAILBOX) so developers and tests can read it. The message itself
 * is what the production CustomMessage trigger builds (custom-message.ts, links on
 * LAVO_APP_URL); a pool with a CustomMessage Lambda configured keeps cognito-local's own call of it.
 * Without LAVO_MAILBOX, cognito-local prints its usual box to the console.
 */
import { buildCustomMessage, signInNameOf } from '../custom-message';
import { appendMail } from '../mailbox';
import { ConsoleMessageSender, MessagesService, type MessageContent } from './internals';

const appUrl = process.env.LAVO_APP_URL ?? 'http://localhost:8080';
const mailbox = process.env.LAVO_MAILBOX;

const create = MessagesService.prototype.create;
MessagesService.prototype.create = async function createLocalMessage(ctx, source, clientId, userPoolId, user, code, clientMetadata) {
  if (this.triggers.enabled('CustomMessage')) return create.call(this, ctx, source, clientId, userPoolId, user, code, clientMetadata);
  const triggerSource = `CustomMessage_${source}`;
  const userAttributes = Object.fromEntries(user.Attributes.map((a) => [a.Name, a.Value]));
  const message = buildCustomMessage({ triggerSource, code, username: user.Username, userAttributes, clientMetadata, appUrl });
  return {
    __code: code,
    __username: signInNameOf({ username: user.Username, userAttributes }),
    __source: triggerSource,
    __link: message.link,
    emailSubject: message.emailSubject,
    emailMessage: message.emailMessage,
  } satisfies MessageContent;
};

const sendToConsole = ConsoleMessageSender.prototype.sendToConsole;
ConsoleMessageSender.prototype.sendToConsole = async function sendToMailbox(ctx, user, destination, message) {
  if (!mailbox) return sendToConsole.call(this, ctx, user, destination, message);
  const text = message.emailMessage ?? message.smsMessage ?? '';
  appendMail(mailbox, {
    to: destination,
    subject: message.emailSubject ?? '',
    text,
    link: typeof message.__link === 'string' ? message.__link : null,
    code: message.__code ?? null,
    source: typeof message.__source === 'string' ? message.__source : 'CustomMessage',
    username: typeof message.__username === 'string' ? message.__username : user.Username,
  });
};

/**
 * What the production Cognito CustomMessage Lambda trigger does: the subject, text and link of
 * every email the identity provider sends. Locally cognito-local calls it directly (see
 * cognito-local/local-mail.ts), so the links a developer sees are the ones users will get.
 */

/** Cognito's placeholder for the code: a Lambda sees it instead of the code and Cognito fills it in after. */
export const CODE_PLACEHOLDER = '{####}';

export interface CustomMessageInput {
  /** Cognito's trigger source, e.g. 'CustomMessage_ForgotPassword'. */
  triggerSource: string;
  /** The code or temporary password (or CODE_PLACEHOLDER inside a real Lambda). */
  code: string;
  /** The provider's user name (the Lambda event's userName). */
  username: string;
  userAttributes: Readonly<Record<string, string | undefined>>;
  clientMetadata?: Readonly<Record<string, string>>;
  /** The app's public address, e.g. https://console.lavo.health. */
  appUrl: string;
}

export interface CustomMessage {
  emailSubject: string;
  emailMessage: string;
  /** The absolute link in the message, when it has one. */
  link: string | null;
}

// Encoding the placeholder would stop Cognito from replacing it.
const param = (value: string) => (value === CODE_PLACEHOLDER ? value : encodeURIComponent(value));

function linkTo(appUrl: string, path: string, params: readonly [string, string][]): string {
  const query = params.map(([key, value]) => `${key}=${param(value)}`).join('&');
  return `${appUrl.replace(/\/+$/, '')}${path}?${query}`;
}

/**
 * The name the person signs in with. A pool whose users sign in with their email names each user
 * by their `sub` (that is the Lambda's userName), which nobody types: links carry the email then.
 */
export function signInNameOf({ username, userAttributes }: Pick<CustomMessageInput, 'username' | 'userAttributes'>): string {
  return username === userAttributes.sub && userAttributes.email ? userAttributes.email : username;
}

const SIGN_OFF = '\n\nIf you did not expect this email, you can ignore it.\n\nThe Lavo team';

function invitation(input: CustomMessageInput): CustomMessage {
  const { code, appUrl } = input;
  const username = signInNameOf(input);
  // temp_pass stays last: the client reads it from the end of the address.
  const link = linkTo(appUrl, '/auth', [
    ['username', username],
    ['temp_pass', code],
  ]);
  return {
    emailSubject: 'You are invited to Lavo',
    emailMessage:
      `Hello,\n\nYou have been invited to Lavo, your facility's hand-hygiene console.\n\n` +
      `Your username: ${username}\nYour temporary password: ${code}\n\n` +
      `Open this link to choose your own password and sign in:\n${link}${SIGN_OFF}`,
    link,
  };
}

function passwordReset(input: CustomMessageInput): CustomMessage {
  const { code, clientMetadata, appUrl } = input;
  const username = signInNameOf(input);
  const setup = clientMetadata?.flow === 'setup';
  const link = linkTo(appUrl, setup ? '/account-setup' : '/reset', [
    ['confirmation_code', code],
    ['username', username],
  ]);
  return setup
    ? {
        emailSubject: 'Set up your Lavo account',
        emailMessage:
          `Hello,\n\nTo finish setting up your Lavo account, open this link and choose a password:\n${link}\n\n` +
          `Your code is ${code}. The link works for one hour.${SIGN_OFF}`,
        link,
      }
    : {
        emailSubject: 'Reset your Lavo password',
        emailMessage:
          `Hello,\n\nWe received a request to reset the password of your Lavo account. ` +
          `Open this link to choose a new password:\n${link}\n\n` +
          `Your code is ${code}. The link works for one hour.${SIGN_OFF}`,
        link,
      };
}

function accountConfirmation(input: CustomMessageInput): CustomMessage {
  const { code, appUrl } = input;
  const username = signInNameOf(input);
  const link = linkTo(appUrl, '/account-auth', [
    ['username', username],
    ['code', code],
  ]);
  return {
    emailSubject: 'Confirm your Lavo account',
    emailMessage: `Hello,\n\nYour Lavo confirmation code is ${code}.\n\nOr open this link to confirm your account:\n${link}${SIGN_OFF}`,
    link,
  };
}

function emailVerification({ code, userAttributes, appUrl }: CustomMessageInput): CustomMessage {
  const link = linkTo(appUrl, '/auth', [
    ['verification_code', code],
    ['email', userAttributes.email ?? ''],
  ]);
  return {
    emailSubject: 'Verify your email address for Lavo',
    emailMessage:
      `Hello,\n\nPlease confirm that this is your email address for Lavo by opening this link:\n${link}\n\n` +
      `Your verification code is ${code}.${SIGN_OFF}`,
    link,
  };
}

function codeOnly({ code }: CustomMessageInput): CustomMessage {
  return { emailSubject: 'Your Lavo code', emailMessage: `Hello,\n\nYour Lavo code is ${code}.${SIGN_OFF}`, link: null };
}

const BY_TRIGGER: Record<string, (input: CustomMessageInput) => CustomMessage> = {
  CustomMessage_AdminCreateUser: invitation,
  CustomMessage_ForgotPassword: passwordReset,
  CustomMessage_SignUp: accountConfirmation,
  CustomMessage_ResendCode: accountConfirmation,
  CustomMessage_UpdateUserAttribute: emailVerification,
  CustomMessage_VerifyUserAttribute: emailVerification,
};

/** The email for a CustomMessage trigger; any other source gets a plain message with the code. */
export function buildCustomMessage(input: CustomMessageInput): CustomMessage {
  return (BY_TRIGGER[input.triggerSource] ?? codeOnly)(input);
}

/**
 * Typed handles on the parts of cognito-local 5.3 that the patches replace or call. cognito-local
 * ships CommonJS without usable types for its internals, so only what the patches touch is typed.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Resolve cognito-local's own dependencies (jsonwebtoken) from inside it, so the patched module
// instance is the one its token generator uses.
const requireFromCognitoLocal = createRequire(require.resolve('cognito-local/lib/services/tokenGenerator.js'));

export interface Attribute {
  Name: string;
  Value?: string;
}

/** A user as cognito-local stores it (fields ending in 'Date' must hold Date objects). */
export interface StoredUser {
  Username: string;
  Password?: string;
  Attributes: Attribute[];
  Enabled?: boolean;
  UserStatus?: string;
  ConfirmationCode?: string;
  UserCreateDate?: Date;
  UserLastModifiedDate?: Date;
  RefreshTokens?: string[];
  /** Ours: when the pending forgot-password code was issued (ISO time; not a *Date field, see the store). */
  PasswordResetCodeIssuedAt?: string;
  [key: string]: unknown;
}

export interface Context {
  logger: { info(...args: unknown[]): void; warn(...args: unknown[]): void; error(...args: unknown[]): void };
}

export interface UserPool {
  options: {
    Id: string;
    AutoVerifiedAttributes?: string[];
    Policies?: { PasswordPolicy?: { TemporaryPasswordValidityDays?: number } };
  };
  getUserByUsername(ctx: Context, username: string): Promise<StoredUser | null>;
  saveUser(ctx: Context, user: StoredUser): Promise<void>;
  storeRefreshToken(ctx: Context, refreshToken: string, user: StoredUser): Promise<void>;
}

export interface DeliveryDetails {
  AttributeName: string;
  DeliveryMedium: 'EMAIL' | 'SMS';
  Destination: string;
}

export interface Messages {
  deliver(
    ctx: Context,
    source: string,
    clientId: string | null,
    userPoolId: string,
    user: StoredUser,
    code: string,
    clientMetadata: Record<string, string> | undefined,
    deliveryDetails: DeliveryDetails,
  ): Promise<void>;
}

export interface Services {
  cognito: {
    getUserPool(ctx: Context, userPoolId: string): Promise<UserPool>;
    getUserPoolForClientId(ctx: Context, clientId: string): Promise<UserPool>;
  };
  clock: { get(): Date };
  messages: Messages;
  otp: () => string;
  triggers: { enabled(name: string): boolean };
}

/** A cognito-local request handler: the request is the operation's JSON body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Handler = (ctx: Context, req: any) => Promise<any>;
export type Target = (services: Services) => Handler;

export const { Targets } = require('cognito-local/lib/targets/targets.js') as { Targets: Record<string, Target> };

export interface CognitoErrorInstance extends Error {
  code: string;
}
type ErrorClass = new (message?: string) => CognitoErrorInstance;

/** cognito-local's error classes: its server answers 400 with `__type: code` only for these. */
export const errors = require('cognito-local/lib/errors.js') as {
  CognitoError: new (code: string, message: string) => CognitoErrorInstance;
  NotAuthorizedError: ErrorClass;
  UserNotFoundError: ErrorClass;
  InvalidParameterError: ErrorClass;
  ExpiredCodeError: new () => CognitoErrorInstance;
};

export const { userToResponseObject } = require('cognito-local/lib/targets/responses.js') as {
  userToResponseObject(user: StoredUser): unknown;
};

export interface MessageContent {
  __code?: string;
  emailSubject?: string;
  emailMessage?: string;
  smsMessage?: string;
  [key: string]: unknown;
}

export const { MessagesService } = require('cognito-local/lib/services/messages.js') as {
  MessagesService: {
    prototype: {
      triggers: Services['triggers'];
      create(
        this: { triggers: Services['triggers'] },
        ctx: Context,
        source: string,
        clientId: string | null,
        userPoolId: string,
        user: StoredUser,
        code: string,
        clientMetadata: Record<string, string> | undefined,
      ): Promise<MessageContent>;
    };
  };
};

export const { ConsoleMessageSender } = require('cognito-local/lib/services/messageDelivery/consoleMessageSender.js') as {
  ConsoleMessageSender: {
    prototype: {
      sendToConsole(ctx: Context, user: StoredUser, destination: string, message: MessageContent): Promise<void>;
    };
  };
};

/** The jsonwebtoken module object cognito-local's token generator signs with. */
export const jsonwebtoken = requireFromCognitoLocal('jsonwebtoken') as {
  sign: (payload: unknown, key: unknown, options?: unknown, callback?: unknown) => string;
  decode: (token: string) => unknown;
};

/** The value of a user attribute. */
export function attributeValue(name: string, attributes: readonly Attribute[] | undefined): string | undefined {
  return attributes?.find((a) => a.Name === name)?.Value;
}

/**
 * Starts cognito-local's server (its own bin script): call after every patch is in place. It
 * listens on LAVO_LISTEN_HOST when given, while its tokens keep the issuer HOST names.
 */
export function startCognitoLocal(): void {
  const { DefaultConfig } = require('cognito-local/lib/server/config.js') as { DefaultConfig: { ServerConfig: { hostname: string } } };
  if (process.env.LAVO_LISTEN_HOST) DefaultConfig.ServerConfig.hostname = process.env.LAVO_LISTEN_HOST;
  require('cognito-local/lib/bin/start.js');
}

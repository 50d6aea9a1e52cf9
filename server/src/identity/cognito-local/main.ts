/**
 * The local identity provider: cognito-local 5.3 (started with its working directory as the
 * store), patched in this process so that it answers as Amazon Cognito does for the flows the
 * app uses and delivers its emails to the local outbox. Each module says which Cognito behaviour
 * it reproduces; the error wording goes last because it wraps every operation.
 */
import './signing-key';
import './sign-in';
import './forgot-password';
import './resend-confirmation-code';
import './admin-create-user';
import './immutable-sub';
import './token-origin';
import './refresh-tokens';
import './local-mail';
import { applyCognitoWording } from './error-wording';
import { startCognitoLocal } from './internals';

applyCognitoWording();
startCognitoLocal();

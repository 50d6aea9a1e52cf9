/**
 * Tokens signed with a key pair of this installation, as Amazon Cognito signs with keys of its own
 * pool. cognito-local 5.3 signs with the private key published inside its package, so anyone could
 * mint tokens that an API trusting its keys would accept. The pair is generated at first start and
 * kept beside the provider's store (`signing-key.json`, readable by its owner only); the published
 * key is no longer served, so tokens signed with it are refused.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { jsonwebtoken } from './internals';

const require = createRequire(import.meta.url);

const keyFileSchema = z.object({
  kid: z.string().min(1),
  privateKeyPem: z.string().min(1),
  jwk: z.object({ kty: z.literal('RSA'), n: z.string(), e: z.string() }).passthrough(),
});
type KeyFile = z.infer<typeof keyFileSchema>;

/** The installation's signing key under `dir`, created on first use (mode 0600). */
export function installationSigningKey(dir: string): KeyFile {
  const file = path.join(dir, 'signing-key.json');
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    return keyFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `lavo-${randomBytes(8).toString('hex')}`;
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const key = keyFileSchema.parse({ kid, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }), jwk });
  // 'wx': two providers starting on one store must not overwrite each other's key.
  writeFileSync(file, JSON.stringify(key, null, 2), { mode: 0o600, flag: 'wx' });
  return key;
}

// cognito-local's token generator reads `.pem` of its private-key module and its server answers
// the JWKS with `.jwk` of its public-key module, each at the time of use: replacing both fields
// replaces the key everywhere it is used.
const key = installationSigningKey(process.cwd());
const published = {
  private: require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string },
  public: require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: unknown },
};
published.private.pem = key.privateKeyPem;
published.public.jwk = key.jwk;

// It names its key 'CognitoLocal' in every token header; name ours.
const sign = jsonwebtoken.sign;
jsonwebtoken.sign = (payload, secret, options, callback) => {
  const named = typeof options === 'object' && options !== null && 'keyid' in options ? { ...options, keyid: key.kid } : options;
  return sign(payload, secret, named, callback);
};

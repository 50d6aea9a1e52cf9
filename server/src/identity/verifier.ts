import { JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import type { Fetcher } from 'aws-jwt-verify/https';
import { z } from 'zod';

export interface IdentityProviderConfig {
  /** Token issuer: `https://cognito-idp.{region}.amazonaws.com/{pool}`, or `{endpoint}/{pool}` locally. */
  issuer: string;
  clientId: string;
}

// origin_jti names the sign-in a token belongs to (kept by its refreshes): what sign-out revokes.
// jti names the token itself, the fallback for a token without an origin.
const idClaimsSchema = z.object({
  sub: z.string().min(1),
  token_use: z.literal('id'),
  'cognito:username': z.string(),
  email: z.string().optional(),
  /** When the user signed in (seconds since the epoch), kept by the sign-in's refreshed tokens. */
  auth_time: z.number().optional(),
  /** When this token was issued (seconds since the epoch). */
  iat: z.number().optional(),
  origin_jti: z.string().min(1).optional(),
  jti: z.string().min(1).optional(),
});
const accessClaimsSchema = z.object({
  sub: z.string().min(1),
  token_use: z.literal('access'),
  username: z.string(),
  client_id: z.string(),
  iat: z.number().optional(),
  origin_jti: z.string().min(1).optional(),
  jti: z.string().min(1).optional(),
});
export type IdClaims = z.infer<typeof idClaimsSchema>;
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

export interface TokenVerifier {
  verifyIdToken(token: string): Promise<IdClaims>;
  verifyAccessToken(token: string): Promise<AccessClaims>;
}

/** Fetches JWKS over http or https: a local identity provider serves its keys over plain http. */
const anyProtocolFetcher: Fetcher = {
  async fetch(uri) {
    const res = await fetch(uri, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`JWKS request to ${uri} failed with ${res.status}`);
    return res.arrayBuffer();
  },
};

/** Builds verifiers for id and access tokens, both checked against the provider's published keys. */
export function createTokenVerifier(config: IdentityProviderConfig): TokenVerifier {
  const jwksCache = new SimpleJwksCache({ fetcher: anyProtocolFetcher });
  const jwksUri = `${config.issuer}/.well-known/jwks.json`;
  const idVerifier = JwtRsaVerifier.create({ issuer: config.issuer, audience: config.clientId, jwksUri }, { jwksCache });
  // Access tokens carry client_id instead of aud.
  const accessVerifier = JwtRsaVerifier.create(
    {
      issuer: config.issuer,
      audience: null,
      jwksUri,
      customJwtCheck: ({ payload }) => {
        if (payload.client_id !== config.clientId) throw new Error('Access token was issued to another client');
      },
    },
    { jwksCache },
  );
  return {
    async verifyIdToken(token) {
      return idClaimsSchema.parse(await idVerifier.verify(token));
    },
    async verifyAccessToken(token) {
      return accessClaimsSchema.parse(await accessVerifier.verify(token));
    },
  };
}

/** The issuer for a pool: Amazon Cognito's, or a local provider's when an endpoint is given. */
export function issuerFor(opts: { region: string; userPoolId: string; endpoint?: string }): string {
  return opts.endpoint
    ? `${opts.endpoint.replace(/\/$/, '')}/${opts.userPoolId}`
    : `https://cognito-idp.${opts.region}.amazonaws.com/${opts.userPoolId}`;
}

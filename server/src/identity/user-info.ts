import { z } from 'zod';

const getUserAnswerSchema = z.object({
  Username: z.string(),
  UserAttributes: z.array(z.object({ Name: z.string(), Value: z.string().optional() })).default([]),
});

/** Who an access token belongs to, as the identity provider answers it. */
export interface UserInfo {
  username: string;
  email?: string;
}

export type UserInfoLookup = (accessToken: string) => Promise<UserInfo>;

/**
 * Asks the identity provider (Cognito's GetUser, authorized by the access token itself) who the
 * token's user is. Access tokens carry only the subject id, so this links a user seen first
 * through the newer API.
 */
export function createUserInfoLookup(opts: { region: string; endpoint?: string }): UserInfoLookup {
  const url = opts.endpoint ?? `https://cognito-idp.${opts.region}.amazonaws.com/`;
  return async (accessToken) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.GetUser',
      },
      body: JSON.stringify({ AccessToken: accessToken }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`GetUser answered ${res.status}`);
    const answer = getUserAnswerSchema.parse(await res.json());
    return { username: answer.Username, email: answer.UserAttributes.find((a) => a.Name === 'email')?.Value };
  };
}

import { z } from 'zod';

/** GET /config.json: the runtime configuration the built app reads before it starts. */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  apiV2BaseUrl: z.string(),
  cognito: z.object({
    region: z.string(),
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Set only for a local identity provider; absent means Amazon Cognito. */
    endpoint: z.string().nullable(),
  }),
  pusher: z.object({
    key: z.string(),
    cluster: z.string(),
    /** Set only for a self-hosted Pusher-protocol server. */
    wsHost: z.string().nullable(),
    wsPort: z.number().int().nullable(),
    forceTLS: z.boolean(),
  }),
  supportUrl: z.string(),
  /** Where the app also reports its crashes (Sentry's DSN, SENTRY_DSN); absent or null: only to the API. */
  sentryDsn: z.string().nullable().optional(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

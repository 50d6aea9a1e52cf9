/** What a REST route produces: a JSON body on success, a plain-text message on error (as Pusher does). */
export type ApiResult = { status: number; json: unknown } | { status: number; text: string };

/** 200 with a JSON body. */
export function ok(json: unknown): ApiResult {
  return { status: 200, json };
}

/** An error status with a plain-text explanation. */
export function fail(status: number, text: string): ApiResult {
  return { status, text };
}

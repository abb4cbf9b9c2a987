/**
 * When a failed call may be tried again: the wait its answer named (Retry-After, which the api
 * client keeps as ApiError.retryAfterSeconds on a 429 or 503) counted from when the failure
 * arrived; null when it named none. Read by shape, so that the toasts (loaded on the lightest
 * pages) need not load the api client to ask.
 */
export function retryAtOf(error: unknown, failedAt = Date.now()): number | null {
  const seconds =
    error instanceof Error
      ? (error as { retryAfterSeconds?: unknown }).retryAfterSeconds
      : undefined;
  return typeof seconds === 'number' ? failedAt + seconds * 1000 : null;
}

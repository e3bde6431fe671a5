// Reconnect delays: exponential with full jitter, capped. Pure, so it can be tested.

export interface BackoffOptions {
  baseMs: number; // the first delay's ceiling
  maxMs: number; // no delay is longer than this
  factor: number; // growth per failed attempt
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 15_000, factor: 2 };

/** The ceiling of the delay before reconnect attempt `attempt` (0 = the first retry). */
export function backoffCeiling(attempt: number, o: BackoffOptions = DEFAULT_BACKOFF): number {
  const a = Math.max(0, Math.floor(attempt));
  // Avoid overflow for very large attempts: past ~30 doublings we are at the cap anyway.
  const grown = o.baseMs * Math.pow(o.factor, Math.min(a, 30));
  return Math.min(o.maxMs, grown);
}

/**
 * The delay before attempt `attempt`: between half the ceiling and the ceiling ("equal
 * jitter"), so many clients that lost the server together do not all come back at once,
 * yet no delay is near zero after a failure.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  o: BackoffOptions = DEFAULT_BACKOFF,
): number {
  const c = backoffCeiling(attempt, o);
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(c / 2 + (c / 2) * r);
}

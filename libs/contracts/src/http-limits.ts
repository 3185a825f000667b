/**
 * Limits of the HTTP layer every service and the gateway share (issue 9 item 2): one request-body limit per
 * API group, read by the gateway's proxy and by each service's bootstrap, so whichever sees a body first
 * refuses it with the same 413 and the other never has to (a 1-5 MB gallery body used to pass the gateway
 * and be cut by the store, answering 502).
 */

/** Largest request body of any route without its own limit (the `BODY_LIMIT_BYTES` default). */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

/**
 * Groups whose routes take larger bodies. `gallery`: images up to 4,000,000 bytes (spec 1 §7 'Image upload')
 * plus multipart framing.
 */
export const GROUP_BODY_LIMITS: Readonly<Record<string, number>> = {
  gallery: 5 * 1_048_576,
};

/** The body limit of a group's routes: its own limit, never below the configured default. */
export function bodyLimitForGroup(group: string, defaultLimit: number = DEFAULT_BODY_LIMIT_BYTES): number {
  const own = Object.hasOwn(GROUP_BODY_LIMITS, group) ? GROUP_BODY_LIMITS[group] : undefined;
  return own === undefined ? defaultLimit : Math.max(defaultLimit, own);
}

/**
 * Deepest nesting of arrays and objects a JSON body may have. No API body needs more than a few levels;
 * the bound is checked while scanning, before parsing, so a 100,000-level body costs one linear scan and
 * never reaches a recursive validator.
 */
export const MAX_JSON_DEPTH = 64;

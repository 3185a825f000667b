/**
 * The time every accounts rule reads (code expiry, limits, locks, heartbeats, token expiry): the platform's clock.
 * Provided by the accounts module; override it with `createAccountsService({ clock })`.
 */
export { Clock, ManualClock, SystemClock } from '@vitrina/platform';

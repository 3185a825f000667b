/**
 * The time the catalogue's time rules read (reservation expiry, concluded experiences at reserve time): the
 * platform's clock. Provided by the catalogue module; tests pass a ManualClock to createCatalogueService.
 */
export { Clock, ManualClock, SystemClock } from '@vitrina/platform';

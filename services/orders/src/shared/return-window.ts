import { OrderLimits } from '@vitrina/contracts';

/**
 * The return window (spec 3 §4 and §9: 72 hours after receipt). RETURN_WINDOW_SECONDS shortens it for a demo on
 * `npm start`; it sets both the order's return deadline at delivery and how long a request may be made.
 */
export function returnWindowMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.RETURN_WINDOW_SECONDS);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : OrderLimits.returnWindowHours * 3600_000;
}

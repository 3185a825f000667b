import { catalogueBaseUrl, catalogueReservationsClient, internalServiceSecret, type CatalogueReservations } from '@vitrina/contracts';
import { nodeHttpPost } from '@vitrina/platform';

/** The catalogue's reservation client (the one synchronous call of the money path, ARCHITECTURE §8). Tests may replace it. */
export const STOCK_RESERVATIONS = Symbol.for('cart-checkout.stock-reservations');

/**
 * SERVICE_URL_CATALOGUE (one URL, or the instances comma-separated as `npm run start:cluster` passes them: calls
 * take turns), INTERNAL_SERVICE_SECRET and CATALOGUE_RESERVE_TIMEOUT_MS (default: the client's 2 s).
 */
export function stockReservationsFromEnv(env: NodeJS.ProcessEnv = process.env): CatalogueReservations {
  const timeoutMs = Number(env.CATALOGUE_RESERVE_TIMEOUT_MS);
  const secret = internalServiceSecret(env);
  // one keep-alive agent for every instance's client (node:http: a third of fetch's CPU per call)
  const post = nodeHttpPost();
  const clients = catalogueBaseUrl(env)
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean)
    .map((baseUrl) =>
      catalogueReservationsClient({ baseUrl, secret, post, ...(Number.isInteger(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}) }),
    );
  if (clients.length === 1) return clients[0];
  let turn = 0;
  const next = () => clients[turn++ % clients.length];
  return { reserve: (r) => next().reserve(r), release: (id) => next().release(id), extend: (id, at) => next().extend(id, at) };
}

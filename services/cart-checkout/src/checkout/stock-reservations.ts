import { catalogueBaseUrl, catalogueReservationsClient, internalServiceSecret, type CatalogueReservations } from '@vitrina/contracts';

/** The catalogue's reservation client (the one synchronous call of the money path, ARCHITECTURE §8). Tests may replace it. */
export const STOCK_RESERVATIONS = Symbol.for('cart-checkout.stock-reservations');

/** SERVICE_URL_CATALOGUE, INTERNAL_SERVICE_SECRET and CATALOGUE_RESERVE_TIMEOUT_MS (default: the client's 2 s). */
export function stockReservationsFromEnv(env: NodeJS.ProcessEnv = process.env): CatalogueReservations {
  const timeoutMs = Number(env.CATALOGUE_RESERVE_TIMEOUT_MS);
  return catalogueReservationsClient({
    baseUrl: catalogueBaseUrl(env),
    secret: internalServiceSecret(env),
    ...(Number.isInteger(timeoutMs) && timeoutMs > 0 ? { timeoutMs } : {}),
  });
}

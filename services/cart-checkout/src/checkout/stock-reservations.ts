import { catalogueBaseUrl, catalogueReservationsClient, internalServiceSecret, type CatalogueReservations } from '@vitrina/contracts';

/** The catalogue's reservation client (the one synchronous call of the money path, ARCHITECTURE §8). Tests may replace it. */
export const STOCK_RESERVATIONS = Symbol.for('cart-checkout.stock-reservations');

export function stockReservationsFromEnv(env: NodeJS.ProcessEnv = process.env): CatalogueReservations {
  return catalogueReservationsClient({ baseUrl: catalogueBaseUrl(env), secret: internalServiceSecret(env) });
}

import { StoreErrorCodes } from '@vitrina/contracts';
import { ConflictError, DomainError } from '@vitrina/platform';

/**
 * Refusals of a shop's creation and slug change. The messages are English for the API's readers; the web shows
 * its own text by code (spec 1 §8 'Slug check': 'Este dominio no está disponible').
 */
export const slugTaken = () => new ConflictError(StoreErrorCodes.slugTaken, 'This shop address is already taken');

export const slugReserved = () => new ConflictError(StoreErrorCodes.slugReserved, 'This shop address is reserved');

export const shopAlreadyOwned = () => new ConflictError(StoreErrorCodes.shopAlreadyOwned, 'You already own a shop');

export const storeTypeNotAllowed = (storeType: string) =>
  new DomainError(StoreErrorCodes.storeTypeNotAllowed, `A shop of type ${storeType} cannot be created this way`, 400);

import { DeliveryErrorCodes } from '@vitrina/contracts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '@vitrina/platform';

/** Errors of the delivery part, each with its stable code (libs/contracts DeliveryErrorCodes). */
export const DeliveryErrors = {
  invalidState: (field: string) =>
    new ValidationError(
      'Not one of the 32 Mexican states',
      { [field]: [`${field} must be a Mexican state code (MEXICAN_STATES)`] },
      DeliveryErrorCodes.invalidState,
    ),
  invalidPostalCode: (field: string) =>
    new ValidationError('A postal code has 5 digits', { [field]: [`${field} must have 5 digits`] }, DeliveryErrorCodes.invalidPostalCode),
  invalidPhone: (field: string) =>
    new ValidationError(
      'A phone number has 10 digits',
      { [field]: [`${field} must be a 10-digit Mexican phone number`] },
      DeliveryErrorCodes.invalidPhone,
    ),
  invalidSettings: (message: string, fields: Record<string, string[]>) =>
    new ValidationError(message, fields, DeliveryErrorCodes.invalidSettings),
  addressNotFound: () => new NotFoundError('Address not found', DeliveryErrorCodes.addressNotFound),
  addressLimitReached: (max: number) => new ConflictError(DeliveryErrorCodes.addressLimitReached, `At most ${max} addresses may be saved`),
  noShippingOptions: () => new ConflictError(DeliveryErrorCodes.noShippingOptions, 'The supplier has no shipping options'),
  noRatesForDestination: () => new ConflictError(DeliveryErrorCodes.noRatesForDestination, 'No shipping rates for this destination'),
  courierQuoteFailed: () =>
    new ConflictError(DeliveryErrorCodes.courierQuoteFailed, 'The courier could not quote this shipment; try again later'),
  branchesNotAvailable: () => new ConflictError(DeliveryErrorCodes.branchesNotAvailable, 'No pickup branches are available'),
  branchNotFound: () => new NotFoundError('Branch not found', DeliveryErrorCodes.branchNotFound),
  rateNotFound: () => new NotFoundError('Rate not found: ask for the rates again', DeliveryErrorCodes.rateNotFound),
  fixedDeliveryNotAvailable: () => new ConflictError(DeliveryErrorCodes.fixedDeliveryNotAvailable, 'The supplier offers no fixed delivery'),
  destinationRequired: () => new ValidationError('Send address_id or agency_id', { address_id: ['address_id or agency_id is required'] }),
  scheduledDateRequired: () =>
    new ValidationError(
      'This supplier delivers on a scheduled date: send scheduled_date and scheduled_time',
      { scheduled_date: ['scheduled_date is required'], scheduled_time: ['scheduled_time is required'] },
      DeliveryErrorCodes.scheduledDateRequired,
    ),
  invalidScheduledDate: (message: string) =>
    new ValidationError(message, { scheduled_date: [message] }, DeliveryErrorCodes.invalidScheduledDate),
};

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}

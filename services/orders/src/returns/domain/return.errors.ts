import { OrderErrorCodes, ReturnErrorCodes, ReturnMessages } from '@vitrina/contracts';
import { DomainError, NotFoundError } from '@vitrina/platform';

export const returnNotFound = (): DomainError => new NotFoundError('Return request not found', ReturnErrorCodes.returnNotFound);

export const returnClosed = (): DomainError => new DomainError(ReturnErrorCodes.returnClosed, 'The return request is closed', 409);

export const refundExceedsAvailable = (availableMinor: number): DomainError => {
  const err = new DomainError(ReturnErrorCodes.refundExceedsAvailable, ReturnMessages.refundExceedsAvailable, 422);
  err.details = { available_minor: availableMinor };
  return err;
};

export const returnLabelMissing = (): DomainError =>
  new NotFoundError('The seller has not issued the return label yet', ReturnErrorCodes.returnLabelMissing);

export const refundNotPrepaid = (): DomainError =>
  new DomainError(ReturnErrorCodes.refundNotPrepaid, 'The order was paid outside the platform: nothing can be refunded here', 409);

export const catalogueUnavailable = (): DomainError =>
  new DomainError(OrderErrorCodes.ordersUnavailable, 'The return cannot be requested right now, try again in a moment', 503);

/** The refusal a rule gave, with the spec's words where it has them (spec 3 §8). */
const REFUSAL_MESSAGES: Record<string, string> = {
  [ReturnErrorCodes.orderNotReceived]: 'A return can be requested once the order was received',
  [ReturnErrorCodes.orderCancelled]: 'A cancelled order cannot be returned',
  [ReturnErrorCodes.returnDeadlineExpired]: ReturnMessages.deadlineExpired,
  [ReturnErrorCodes.returnAlreadyOpen]: 'The order already has an open return request',
  [ReturnErrorCodes.returnDisallowed]: 'The items of this order do not accept returns',
};

export const refused = (code: string): DomainError =>
  new DomainError(code, REFUSAL_MESSAGES[code] ?? 'The return cannot be requested', 409);

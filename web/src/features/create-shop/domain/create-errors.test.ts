import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '@/api/client';
import { createFailureOf } from './create-errors';

describe('what a failed creation tells the user', () => {
  it('maps the 409 codes', () => {
    expect(createFailureOf(new ApiError(409, 'slug_taken', 'x'))).toBe('slugTaken');
    expect(createFailureOf(new ApiError(409, 'slug_reserved', 'x'))).toBe('slugReserved');
    expect(createFailureOf(new ApiError(409, 'shop_already_owned', 'x'))).toBe('alreadyOwned');
  });

  it('asks to sign in again on 401 and to check the data on 400', () => {
    expect(createFailureOf(new ApiError(401, 'unauthorized', 'x'))).toBe('signedOut');
    expect(createFailureOf(new ApiError(400, 'validation_failed', 'x'))).toBe('invalid');
    expect(createFailureOf(new ApiError(400, 'store_type_not_allowed', 'x'))).toBe('invalid');
  });

  it('offers a retry for anything else', () => {
    expect(createFailureOf(new ApiError(500, 'internal_error', 'x'))).toBe('generic');
    expect(createFailureOf(new ApiError(0, NETWORK_ERROR_CODE, 'offline'))).toBe('generic');
    expect(createFailureOf(new Error('boom'))).toBe('generic');
  });
});

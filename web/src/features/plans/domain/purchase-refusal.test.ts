import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/client';
import { packageName, purchaseRefusal } from './purchase-refusal';

const refused = (status: number, code: string, data: Record<string, unknown> = {}, message = 'msg') =>
  new ApiError(status, code, message, undefined, data);

describe('a refused package purchase (spec 2 §8)', () => {
  it('reads the downgrade refusal: both packages (with their ids when known) and the charge date', () => {
    expect(
      purchaseRefusal(
        refused(409, 'package_still_active_no_downgrade', {
          requested_package: { name: 'Micro' },
          current_package: { name: 'Algo nuevo' },
          charge_date: '2026-12-27T00:00:00.000Z',
        }),
      ),
    ).toEqual({
      kind: 'downgrade',
      requested: { id: 'micro', name: 'Micro' },
      current: { id: null, name: 'Algo nuevo' },
      chargeDate: '2026-12-27T00:00:00.000Z',
    });
  });

  it('tells the other refusals apart', () => {
    expect(purchaseRefusal(refused(409, 'package_already_active', { charge_date: 'x' }))).toEqual({
      kind: 'alreadyActive',
      chargeDate: 'x',
    });
    expect(purchaseRefusal(refused(404, 'package_not_found'))).toEqual({ kind: 'notFound' });
    expect(purchaseRefusal(new ApiError(401, 'unauthorized', 'no'))).toEqual({ kind: 'signIn' });
    expect(purchaseRefusal(new ApiError(422, 'validation_failed', 'Bad package'))).toEqual({ kind: 'failed', message: 'Bad package' });
    // no answer, or the server in trouble: the generic text, not the server's words
    expect(purchaseRefusal(new ApiError(0, 'network_error', 'Failed to fetch'))).toEqual({ kind: 'failed', message: null });
    expect(purchaseRefusal(new ApiError(500, 'internal', 'Internal error'))).toEqual({ kind: 'failed', message: null });
    expect(purchaseRefusal(new Error('boom'))).toEqual({ kind: 'failed', message: null });
  });

  it('names the platform’s packages by id', () => {
    expect(packageName('Tienda en línea')).toEqual({ id: 'tienda_en_linea', name: 'Tienda en línea' });
  });
});

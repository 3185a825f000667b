import { ErrorCodes } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { api, ApiError, NETWORK_ERROR_CODE, unwrap } from '@/api/client';
import { jsonResponse, stubFetch } from '@/test/render-app';

const getShop = (slug: string) => unwrap(api.GET('/api/store/shops/by-slug/{slug}', { params: { path: { slug } } }));

describe('api client', () => {
  it('calls the gateway on the same origin and returns the data', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { id: '1', slug: 'demo', name: 'Demo' }));
    await expect(getShop('demo')).resolves.toEqual({ id: '1', slug: 'demo', name: 'Demo' });
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/store/shops/by-slug/demo');
    expect(new URL(request.url).origin).toBe(window.location.origin);
  });

  it('maps a 404 { code, message } body to ApiError', async () => {
    stubFetch(() => jsonResponse(404, { code: ErrorCodes.shopNotFound, message: 'Shop not found' }));
    const error = await getShop('nope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'shop_not_found', message: 'Shop not found' });
  });

  it('keeps field details of a validation error', async () => {
    stubFetch(() => jsonResponse(400, { code: ErrorCodes.validationFailed, message: 'Invalid', fields: { slug: ['too long'] } }));
    await expect(getShop('x')).rejects.toMatchObject({ status: 400, code: 'validation_failed', fields: { slug: ['too long'] } });
  });

  it("keeps a refusal's other keys as details (a package downgrade's names and charge date)", async () => {
    const body = {
      code: 'package_still_active_no_downgrade',
      message: 'Active until…',
      requested_package: { name: 'Micro' },
      current_package: { name: 'Negocio digital' },
      charge_date: '2026-12-27T00:00:00.000Z',
    };
    stubFetch(() => jsonResponse(409, body));
    const error = (await getShop('x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.details).toEqual({
      requested_package: { name: 'Micro' },
      current_package: { name: 'Negocio digital' },
      charge_date: body.charge_date,
    });
    stubFetch(() => jsonResponse(404, { code: ErrorCodes.shopNotFound, message: 'Shop not found' }));
    expect(((await getShop('x').catch((caught: unknown) => caught)) as ApiError).details).toBeUndefined();
  });

  it('derives a code from the status when the body is not an error body', async () => {
    stubFetch(() => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' }));
    await expect(getShop('demo')).rejects.toMatchObject({ status: 502, code: ErrorCodes.serviceUnavailable });
    stubFetch(() => new Response(null, { status: 500 }));
    await expect(getShop('demo')).rejects.toMatchObject({ status: 500, code: ErrorCodes.internal });
  });

  it('turns a network failure into ApiError with status 0', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(getShop('demo')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR_CODE });
  });
});

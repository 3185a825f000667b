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

import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/render-app';
import { getPublishedFranchises } from './get-franchises';
import { searchShopItems } from './search-shop-items';

/** The typed client must put on the wire what the services read (paths, query spelling), as the untyped calls did. */
describe('storefront calls through the generated types', () => {
  it('sends the franchise types as one comma-joined value and drops empty parameters', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { results: [], matches_estimated: 0 }));
    await getPublishedFranchises({ text: '', offset: 10 });
    const url = new URL((fetchMock.mock.calls[0]![0] as Request).url);
    expect(url.pathname).toBe('/api/store/published/franchises');
    expect(url.searchParams.get('type')).toBe('affinity,franchise');
    expect(url.searchParams.get('offset')).toBe('10');
    expect(url.searchParams.has('text')).toBe(false);
  });

  it('encodes path segments once', async () => {
    const fetchMock = stubFetch(() => jsonResponse(200, { results: [], matches_estimated: 0 }));
    await searchShopItems({ shop: 'mi tienda', offset: 0, limit: 30, text: undefined });
    const url = new URL((fetchMock.mock.calls[0]![0] as Request).url);
    expect(url.pathname).toBe('/api/catalogue/shops/mi%20tienda/items');
    expect([...url.searchParams.keys()].sort()).toEqual(['limit', 'offset']);
  });
});

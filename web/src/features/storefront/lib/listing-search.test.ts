import { describe, expect, it } from 'vitest';
import { itemDetailPath, pageToOffset, parsePage, totalPages, validateListingSearch, validateSearchPageSearch } from './listing-search';

describe('listing search params (spec 1 §2 "Listings")', () => {
  it('keeps a 1-based page from 2 up and the two non-default sorts', () => {
    expect(validateListingSearch({ page: 3, sort: '-list_price' })).toEqual({ page: 3, sort: '-list_price' });
    expect(validateListingSearch({ page: '2', sort: 'list_price' })).toEqual({ page: 2, sort: 'list_price' });
  });

  it('drops the defaults so that /productos is the canonical first page', () => {
    expect(validateListingSearch({ page: 1, sort: 'queue_position' })).toEqual({});
    expect(validateListingSearch({})).toEqual({});
  });

  it('treats page 0, negative, fractional or non-numeric pages as page 1, and ignores unknown sorts', () => {
    for (const page of [0, -3, 2.5, 'abc', '', null, '1e3']) expect(parsePage(page)).toBeUndefined();
    expect(validateListingSearch({ page: -1, sort: 'name' })).toEqual({});
  });

  it('sets what it refuses to undefined: the router merges the answer over the raw URL, which would keep it', () => {
    expect(validateListingSearch({ page: 'abc', sort: 'price' })).toStrictEqual({ page: undefined, sort: undefined });
    expect(validateListingSearch({ page: 2, sort: 'price' })).toStrictEqual({ page: 2, sort: undefined });
    expect(validateSearchPageSearch({ text: 'taza', type: 'boat', page: -1 })).toStrictEqual({
      text: 'taza',
      type: undefined,
      page: undefined,
    });
  });

  it('turns a page into offset and limit with the page size', () => {
    expect(pageToOffset(undefined, 36)).toEqual({ offset: 0, limit: 36 });
    expect(pageToOffset(3, 36)).toEqual({ offset: 72, limit: 36 });
    expect(pageToOffset(2, 18)).toEqual({ offset: 18, limit: 18 });
  });

  it('counts at least one page', () => {
    expect(totalPages(0, 36)).toBe(1);
    expect(totalPages(36, 36)).toBe(1);
    expect(totalPages(37, 36)).toBe(2);
  });

  it('links each item type to its detail route', () => {
    expect(itemDetailPath({ type: 'product', owner: 'o1', id: 'i1' })).toBe('/productos/o1/i1');
    expect(itemDetailPath({ type: 'service', owner: 'o1', id: 'i1' })).toBe('/servicios/o1/i1');
    expect(itemDetailPath({ type: 'experience', owner: 'o1', id: 'i1' })).toBe('/experiencias/o1/i1');
    expect(itemDetailPath({ type: 'digital', owner: 'o 1', id: 'i/1' })).toBe('/digitales/o%201/i%2F1');
  });

  it('keeps the search text and a non-default type on the results page', () => {
    expect(validateSearchPageSearch({ text: '  café ', type: 'service', page: 2 })).toEqual({ text: 'café', type: 'service', page: 2 });
    expect(validateSearchPageSearch({ text: '', type: 'product' })).toEqual({});
    expect(validateSearchPageSearch({ type: 'boat' })).toEqual({});
  });
});

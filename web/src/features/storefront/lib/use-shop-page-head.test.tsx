import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { list, shopJson } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fakeApi } from '../test/fake-api';
import { item } from '../test/fixtures';

/** Issue 10 §3: the client router keeps each page's head (the gateway renders the first one). */
function head(selector: string, attribute = 'content'): string | null | undefined {
  return document.head.querySelector(selector)?.getAttribute(attribute);
}

describe('the head of shop pages, kept by the client', { timeout: 20_000 }, () => {
  it("sets an item page's title, description, canonical and Open Graph from the item", async () => {
    const detail = item(3, { name: 'Jarra de barro', description: '<p>Hecha a mano</p>', photos: ['/api/gallery/files/jarra.jpg'] });
    fakeApi({
      '/api/store/shops/by-slug/demo': shopJson(),
      '/api/catalogue/items/:owner/:item': detail,
      '/api/catalogue/shops/:shop/items': list([]),
      '/api/catalogue/public/referral/:owner/catalogues': list([]),
    });
    renderApp(`/tienda/demo/productos/${detail.owner}/${detail.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jarra de barro' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`Jarra de barro | ${shopJson().name}`));
    expect(head('meta[name="description"]')).toBe('Hecha a mano');
    expect(head('link[rel="canonical"]', 'href')).toBe(`${window.location.origin}/tienda/demo/productos/${detail.owner}/${detail.id}`);
    expect(head('meta[property="og:type"]')).toBe('product');
    expect(head('meta[property="og:title"]')).toBe('Jarra de barro');
    expect(head('meta[property="og:image"]')).toBe(`${window.location.origin}/api/gallery/files/jarra.jpg`);
  });

  it("titles a listing with its page in the canonical, and the home with the shop's name", async () => {
    fakeApi({
      '/api/store/shops/by-slug/demo': shopJson(),
      '/api/catalogue/shops/:shop/items': list([item(1)], 80),
      '/api/catalogue/public/referral/:owner/catalogues': list([]),
    });
    renderApp('/tienda/demo/servicios?page=2');
    await waitFor(() => expect(document.title).toBe(`Servicios | ${shopJson().name}`));
    expect(head('link[rel="canonical"]', 'href')).toBe(`${window.location.origin}/tienda/demo/servicios?page=2`);
    expect(head('meta[name="robots"]')).toBeFalsy();
  });
});

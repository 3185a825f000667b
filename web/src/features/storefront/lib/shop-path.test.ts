import { describe, expect, it } from 'vitest';
import { detectShopHost, publicShopUrl, shopHostRewrite, shopPath, shopRelativePath, SHOP_HOST_META } from './shop-path';

describe('shopPath', () => {
  it('puts shop-relative paths under /tienda/{shopSlug}', () => {
    expect(shopPath('demo')).toBe('/tienda/demo/');
    expect(shopPath('demo', '/productos')).toBe('/tienda/demo/productos');
    expect(shopPath('demo', 'catalogos/verano')).toBe('/tienda/demo/catalogos/verano');
  });

  it('gives back the shop-relative part of a router path', () => {
    expect(shopRelativePath('/tienda/demo/', 'demo')).toBe('/');
    expect(shopRelativePath('/tienda/demo', 'demo')).toBe('/');
    expect(shopRelativePath('/tienda/demo/productos/', 'demo')).toBe('/productos');
    expect(shopRelativePath('/tienda/demo/blogs/uno', 'demo')).toBe('/blogs/uno');
  });
});

describe('a shop served at the root of its own host', () => {
  const rewrite = shopHostRewrite('demo');
  const input = (path: string) => String(rewrite.input({ url: new URL(`https://demo.example.com${path}`) }) ?? 'unchanged');
  const output = (path: string) => String(rewrite.output({ url: new URL(`https://demo.example.com${path}`) }) ?? 'unchanged');

  it('reads visible root paths as /tienda/{slug}/... routes', () => {
    expect(input('/')).toBe('https://demo.example.com/tienda/demo/');
    expect(input('/productos?page=2')).toBe('https://demo.example.com/tienda/demo/productos?page=2');
    expect(input('/tienda/demo/productos')).toBe('unchanged');
  });

  it("leaves the platform's root pages and other shops' paths alone", () => {
    expect(input('/logout')).toBe('unchanged');
    expect(input('/activate/abc')).toBe('unchanged');
    expect(input('/password/reset/')).toBe('unchanged');
    expect(input('/tienda/otra/productos')).toBe('unchanged');
    // Only whole segments: a shop page that merely starts like one is still the shop's.
    expect(input('/logouts')).toBe('https://demo.example.com/tienda/demo/logouts');
    expect(input('/preferencias')).toBe('https://demo.example.com/tienda/demo/preferencias');
  });

  it('never changes the URL it is given (the router keeps using it)', () => {
    const url = new URL('https://demo.example.com/tienda/demo/productos?page=2');
    expect(String(rewrite.output({ url }))).toBe('https://demo.example.com/productos?page=2');
    expect(url.pathname).toBe('/tienda/demo/productos');
    const root = new URL('https://demo.example.com/servicios');
    rewrite.input({ url: root });
    expect(root.pathname).toBe('/servicios');
  });

  it('writes links to the shop without the /tienda/{slug} prefix', () => {
    expect(output('/tienda/demo/')).toBe('https://demo.example.com/');
    expect(output('/tienda/demo')).toBe('https://demo.example.com/');
    expect(output('/tienda/demo/catalogos/verano')).toBe('https://demo.example.com/catalogos/verano');
    expect(output('/tienda/otra/')).toBe('unchanged');
  });

  it('is detected from the meta tag the gateway writes', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(detectShopHost(doc)).toBeNull();
    const meta = doc.createElement('meta');
    meta.setAttribute('name', SHOP_HOST_META);
    meta.setAttribute('content', 'demo');
    doc.head.append(meta);
    expect(detectShopHost(doc)).toBe('demo');
  });

  it('shares addresses in the form the visitor sees', () => {
    expect(publicShopUrl('demo', '/catalogos/verano', { origin: 'https://demo.example.com', hostShop: 'demo' })).toBe(
      'https://demo.example.com/catalogos/verano',
    );
    expect(publicShopUrl('demo', '/catalogos/verano', { origin: 'https://vitrina.example', hostShop: null })).toBe(
      'https://vitrina.example/tienda/demo/catalogos/verano',
    );
  });
});

describe('links set by the owner', () => {
  it('treats paths as shop-relative and anything else as an outside address', async () => {
    const { ownerLink, visibleShopPath } = await import('./shop-path');
    expect(ownerLink('/productos')).toEqual({ kind: 'shop', path: '/productos' });
    expect(ownerLink('https://www.gob.mx/cultura')).toEqual({ kind: 'external', href: 'https://www.gob.mx/cultura' });
    expect(ownerLink('//evil.example/x')).toEqual({ kind: 'external', href: '//evil.example/x' });
    expect(visibleShopPath('demo', '/catalogos', null)).toBe('/tienda/demo/catalogos');
    expect(visibleShopPath('demo', '/catalogos', 'demo')).toBe('/catalogos');
  });
});

import { describe, expect, it } from 'vitest';
import { applyPageHead } from './page-head';

/** The head the gateway renders for an item page (services/gateway/src/web/page-head.ts), in short. */
const SERVER_HEAD = `
  <title>Jarra | Bazar</title>
  <meta name="description" content="Jarra de barro" />
  <link rel="canonical" href="https://tienda.example/productos/o/jarra" />
  <meta property="og:type" content="product" />
  <meta property="og:title" content="Jarra" />
  <meta property="og:image" content="https://tienda.example/jarra.jpg" />
  <meta property="product:price:amount" content="199.00" />
  <script type="application/ld+json" data-page-head="">{"@type":"Product"}</script>
  <script type="application/ld+json">{"@type":"LocalBusiness"}</script>`;

describe('applyPageHead (the head kept on client-side navigation)', () => {
  it("updates the server's tags in place, adds missing ones, removes what the new page has not", () => {
    document.head.innerHTML = SERVER_HEAD;
    window.history.pushState({}, '', '/productos');
    applyPageHead({
      title: 'Productos | Bazar',
      ogTitle: 'Productos',
      description: 'Productos de Bazar',
      canonical: 'https://tienda.example/productos',
      siteName: 'Bazar',
    });
    expect(document.title).toBe('Productos | Bazar');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Productos de Bazar');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://tienda.example/productos');
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe('Productos');
    expect(document.head.querySelector('meta[property="og:site_name"]')?.getAttribute('content')).toBe('Bazar');
    expect(document.head.querySelector('meta[property="og:image"]')).toBeNull();
    // The landing item's Product and price are gone; the shop's LocalBusiness stays.
    expect(document.head.querySelector('script[data-page-head]')).toBeNull();
    expect(document.head.querySelector('meta[property="product:price:amount"]')).toBeNull();
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  });

  it('marks pages that are not for search engines, and unmarks the next one', () => {
    document.head.innerHTML = SERVER_HEAD;
    applyPageHead({ title: 'Buscar | Bazar', noindex: true });
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    applyPageHead({ title: 'Bazar' });
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});

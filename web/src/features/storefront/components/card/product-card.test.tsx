import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { item } from '@/features/storefront/test/fixtures';
import { renderInShop } from '@/features/storefront/test/render-in-shop';
import { shopJson } from '@/test/fixtures';
import { ProductCard } from './product-card';

async function card() {
  return within(await screen.findByTestId('product-card'));
}

describe('<ProductCard>', () => {
  it('shows the first photo, the name linking to the item, the price with 2 decimals, crossout and saving', async () => {
    renderInShop(<ProductCard item={item(7, { photos: ['/a.png', '/b.png'], list_price_minor: 15000, crossout_price_minor: 19950 })} />);
    const view = await card();
    expect(view.getByRole('link', { name: 'Producto 7' }).getAttribute('href')).toBe(
      '/tienda/demo/productos/01930000-0000-7000-8000-000000000002/01930000-0000-7000-8001-000000000007',
    );
    expect(document.querySelector('img')?.getAttribute('src')).toBe('/a.png');
    expect(view.getByTestId('card-price').textContent).toBe('$150.00');
    expect(view.getByTestId('card-crossout').textContent).toContain('$199.50');
    expect(view.getByTestId('card-offer').textContent).toBe('Ahorra $49.50');
    expect(view.queryByText('Precio público')).toBeNull();
  });

  it('marks the item of a disabled supplier (issue 16), and only that one', async () => {
    renderInShop(<ProductCard item={item(2, { supplier_enabled: false })} />);
    expect((await card()).getByText('No disponible')).toBeTruthy();
  });

  it('shows no unavailable mark while the supplier sells', async () => {
    renderInShop(<ProductCard item={item(2)} />);
    expect((await card()).queryByText('No disponible')).toBeNull();
  });

  it('says Gratis for free items', async () => {
    renderInShop(<ProductCard item={item(1, { is_free: true, list_price_minor: 0 })} />);
    expect((await card()).getByTestId('card-price').textContent).toBe('Gratis');
  });

  it('gives a level-2 reseller the public price label, Buy-by price and commission', async () => {
    renderInShop(<ProductCard item={item(1, { list_price_minor: 20000, contribution_margin_minor: 9950 })} />, { viewer: { level: 2 } });
    const view = await card();
    expect(view.getByText('Precio público')).toBeTruthy();
    expect(view.getByTestId('card-commission').textContent).toBe('Ganas $49.75');
    expect(view.getByTestId('card-buy-by').textContent).toBe('Cómpralo en $150.25');
    expect(view.getByRole('button', { name: 'Compartir' })).toBeTruthy();
  });

  it('hides the commission when the resale-info cookie is off', async () => {
    document.cookie = 'resale_info=false; Path=/';
    renderInShop(<ProductCard item={item(1)} />, { viewer: { level: 2 } });
    const view = await card();
    expect(view.queryByTestId('card-commission')).toBeNull();
    expect(view.getByText('Precio público')).toBeTruthy();
  });

  it('says "not for resale" to resellers on items that are not dropshipping', async () => {
    renderInShop(<ProductCard item={item(1, { is_dropshipping: false })} />, { viewer: { level: 2 } });
    expect((await card()).getByTestId('card-not-for-resale')).toBeTruthy();
  });

  it('offers level 1 the earn-commissions promo', async () => {
    renderInShop(<ProductCard item={item(1)} />, { viewer: { level: 1 } });
    expect((await card()).getByRole('link', { name: 'Gana comisiones' }).getAttribute('href')).toBe('/asistentes/emprendedores');
  });

  it('shows no resale actions on a proxy shop', async () => {
    renderInShop(<ProductCard item={item(1)} />, { viewer: { level: 2 }, shop: shopJson({ is_proxy: true }) });
    const view = await card();
    expect(view.queryByTestId('card-resale')).toBeNull();
    expect(view.queryByTestId('card-buy-by')).toBeNull();
  });

  it('dims an unpublished item (seen by its owner)', async () => {
    renderInShop(<ProductCard item={item(1, { list_state: 'unpublished' })} />, { viewer: { level: 2 } });
    expect((await screen.findByTestId('product-card')).hasAttribute('data-dimmed')).toBe(true);
    expect(screen.getByText('No publicado')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Compartir' }).disabled).toBe(true);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { list, shopJson } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { fakeApi } from '../../test/fake-api';
import { item } from '../../test/fixtures';

function itemApi(detail: ReturnType<typeof item>) {
  return fakeApi({
    '/api/store/shops/by-slug/demo': shopJson(),
    '/api/catalogue/shops/demo/items': list([]),
    '/api/catalogue/public/referral/:owner/catalogues': list([]),
    '/api/catalogue/items/:owner/:item': detail,
    '/api/catalogue/dssuppliers/:id': { id: detail.owner, name: 'Artesanías del Sol', image: null, enabled: true },
  });
}

// issue 13: the item page shows the reviews' average (1 decimal) and count, kept by the catalogue.
describe('the item page rating', { timeout: 20_000 }, () => {
  it('shows the average stars and how many reviews', async () => {
    const detail = item(3, { rating: { average: 4.5, count: 12 } });
    itemApi(detail);
    renderApp(`/tienda/demo/productos/${detail.owner}/${detail.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Producto 3' })).toBeTruthy();
    const rating = screen.getByTestId('item-rating');
    expect(rating.textContent).toBe('4.512 reseñas');
    expect(screen.getByRole('img', { name: 'Calificación: 4.5 de 5' })).toBeTruthy();
  });

  it('says there are no reviews yet, and writes the decimal the reader’s way', async () => {
    const none = item(4, { rating: { average: 0, count: 0 } });
    itemApi(none);
    const first = renderApp(`/tienda/demo/productos/${none.owner}/${none.id}`);
    expect((await screen.findByTestId('item-rating')).textContent).toBe('Sin reseñas todavía');
    first.unmount();
    const one = item(5, { rating: { average: 3.8, count: 1 } });
    itemApi(one);
    renderApp(`/tienda/demo/productos/${one.owner}/${one.id}`, { locale: 'es-AR' });
    expect((await screen.findByTestId('item-rating')).textContent).toBe('3,81 reseña');
  });
});

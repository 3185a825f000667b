import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/test/render-app';
import { fakeGateway, renderUi } from '@/test/render-ui';
import { review } from '../test/fixtures';
import { ItemReviews } from './item-reviews';

const REVIEWS = '/api/orders/items/item_1/reviews';
const WAIT = { timeout: 10_000 };

describe('<ItemReviews itemId /> (the item page’s reviews)', { timeout: 30_000 }, () => {
  it('lists the reviews newest first with stars, author, date, text and photos, and reads more on demand', async () => {
    const all = [
      review({ id: 'r3', title: 'Excelente', rating: 5, created_at: '2026-11-25T10:00:00.000Z' }),
      review({ id: 'r2', title: 'Regular', rating: 3, photos: [], author_name: '', created_at: '2026-11-24T10:00:00.000Z' }),
      review({ id: 'r1', title: 'Mala', rating: 1, text: '', photos: [], created_at: '2026-11-20T10:00:00.000Z' }),
    ];
    const api = fakeGateway({
      [`GET ${REVIEWS}`]: (_request, url) => {
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        return { results: all.slice(offset, offset + limit), matches_estimated: all.length };
      },
    });
    renderUi(<ItemReviews itemId="item_1" pageSize={2} />);
    expect(screen.getByTestId('item-reviews-loading')).toBeTruthy();
    await screen.findByText('Excelente', {}, WAIT);
    const entries = screen.getAllByTestId('item-review');
    expect(entries.map((e) => within(e).getAllByText(/.+/, { selector: 'p' })[0]!.textContent)).toEqual(['Excelente', 'Regular']);
    expect(within(entries[0]!).getByRole('img', { name: '5 estrellas' })).toBeTruthy();
    expect(within(entries[0]!).getByText('Ana Pérez · 25 nov 2026')).toBeTruthy();
    expect(within(entries[0]!).getByAltText('Foto 1 de la reseña de Ana Pérez')).toBeTruthy();
    expect(within(entries[1]!).getByText('Cliente · 24 nov 2026')).toBeTruthy();
    fireEvent.click(screen.getByText('Ver más reseñas'));
    expect(await screen.findByText('Mala', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('Ver más reseñas')).toBeNull();
    expect(api.callsTo(`GET ${REVIEWS}`).map((c) => c.url.search)).toEqual(['?offset=0&limit=2', '?offset=2&limit=2']);
  });

  it('says when there are none, and offers a retry when the list fails', async () => {
    let fail = true;
    fakeGateway({
      [`GET ${REVIEWS}`]: () =>
        fail ? jsonResponse(503, { code: 'service_unavailable', message: 'x' }) : { results: [], matches_estimated: 0 },
    });
    renderUi(<ItemReviews itemId="item_1" />);
    expect(await screen.findByText('No pudimos cargar las reseñas.', {}, WAIT)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByText('Reintentar'));
    expect(await screen.findByText('Aún no hay reseñas de este artículo.', {}, WAIT)).toBeTruthy();
  });

  it('speaks English', async () => {
    fakeGateway({ [`GET ${REVIEWS}`]: () => ({ results: [review()], matches_estimated: 1 }) });
    renderUi(<ItemReviews itemId="item_1" />, 'en');
    expect(await screen.findByText('Reviews', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('Ana Pérez · Nov 24, 2026', {}, WAIT)).toBeTruthy();
  });
});

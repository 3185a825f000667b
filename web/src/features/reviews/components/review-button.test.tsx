import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi, resetNotices } from '@/test/render-ui';
import { deliveredOrder, orderLine, OWNER, review } from '../test/fixtures';
import { ReviewButton } from './review-button';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const REVIEW = `/api/orders/${OWNER}/orders/ord_1/lines/l1/review`;
const WAIT = { timeout: 10_000 };

const type = (testId: string, value: string) => {
  const field = screen.getByTestId(testId);
  const input = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field : field.querySelector('input, textarea')!;
  fireEvent.change(input, { target: { value } });
};
/** Clicks the n-th star (Mantine's Rating takes the click on the star's label). */
const stars = (n: number) => {
  const radio = within(screen.getByTestId('review-rating')).getByLabelText(n === 1 ? '1 estrella' : `${n} estrellas`);
  fireEvent.click(document.querySelector(`label[for="${radio.id}"]`)!);
};

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
});

describe('<ReviewButton order line /> (spec 3 §2 review modal)', { timeout: 30_000 }, () => {
  it('is not offered before delivery nor to the seller', async () => {
    fakeApi(SIGNED_IN);
    const early = renderUi(<ReviewButton order={deliveredOrder({ state: 'in_transit' })} line={orderLine()} />);
    const seller = renderUi(<ReviewButton order={deliveredOrder({ viewer: 'supplier' })} line={orderLine()} />);
    renderUi(<ReviewButton order={deliveredOrder()} line={orderLine()} />);
    expect(await screen.findByText('Escribir reseña', {}, WAIT)).toBeTruthy();
    expect(within(early.container).queryByText('Escribir reseña')).toBeNull();
    expect(within(seller.container).queryByText('Escribir reseña')).toBeNull();
  });

  it('creates a review with stars, title, text and an uploaded photo, then says "Reseña creada"', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`POST /api/gallery/${OWNER}`]: () =>
        jsonResponse(201, {
          id: 'g1',
          url: '/api/gallery/files/g1.jpg',
          main_colors: [],
          name: 'foto.jpg',
          content_type: 'image/jpeg',
          width: 800,
          height: 600,
          size: 1000,
          variants: [],
        }),
      [`POST ${REVIEW}`]: () => jsonResponse(201, review({ photos: ['/api/gallery/files/g1.jpg'] })),
    });
    renderUi(<ReviewButton order={deliveredOrder()} line={orderLine()} />);
    fireEvent.click(await screen.findByText('Escribir reseña', {}, WAIT));
    expect(await screen.findByText('Escribe tu reseña')).toBeTruthy();
    expect(screen.getByText('De: Taza de barro')).toBeTruthy();

    // nothing is sent without a rating and a title
    fireEvent.click(screen.getByTestId('review-submit'));
    expect(await screen.findByText('Elige una calificación de 1 a 5 estrellas')).toBeTruthy();
    expect(screen.getByText('Escribe un título')).toBeTruthy();
    expect(api.callsTo(`POST ${REVIEW}`)).toHaveLength(0);

    stars(4);
    expect(screen.getByTestId('review-rating-text').textContent).toBe('4 estrellas');
    type('review-title', '  Muy bonita ');
    type('review-text', 'Llegó bien empacada.');
    const file = new File(['x'], 'foto.jpg', { type: 'image/jpeg' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByAltText('Foto 1 de la reseña', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId('review-submit'));
    expect(await screen.findByText('Reseña creada', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`POST ${REVIEW}`).map((c) => c.body)).toEqual([
      { title: 'Muy bonita', rating: 4, text: 'Llegó bien empacada.', photos: ['/api/gallery/files/g1.jpg'] },
    ]);
    await waitFor(() => expect(screen.queryByTestId('review-modal')).toBeNull());
  });

  it('edits the stored review and says "Reseña actualizada"', async () => {
    const api = fakeApi({
      ...SIGNED_IN,
      [`GET ${REVIEW}`]: () => jsonResponse(200, review()),
      [`PATCH ${REVIEW}`]: () => jsonResponse(200, review({ rating: 2 })),
    });
    renderUi(<ReviewButton order={deliveredOrder()} line={orderLine({ review_id: 'rev_1' })} />);
    fireEvent.click(await screen.findByText('Editar reseña', {}, WAIT));
    expect(await screen.findByDisplayValue('Muy bonita', {}, WAIT)).toBeTruthy();
    expect(screen.getByAltText('Foto 1 de la reseña')).toBeTruthy();
    stars(2);
    fireEvent.click(screen.getByLabelText('Quitar la foto 1'));
    expect(screen.getByTestId('review-submit').textContent).toBe('Guardar cambios');
    fireEvent.click(screen.getByTestId('review-submit'));
    expect(await screen.findByText('Reseña actualizada', {}, WAIT)).toBeTruthy();
    expect(api.callsTo(`PATCH ${REVIEW}`).map((c) => c.body)).toEqual([
      { title: 'Muy bonita', rating: 2, text: 'Llegó bien empacada.', photos: [] },
    ]);
  });

  it("shows the spec's message when the server refuses (409 review_exists)", async () => {
    fakeApi({
      ...SIGNED_IN,
      [`POST ${REVIEW}`]: () => jsonResponse(409, { code: 'review_exists', message: 'This line already has a review' }),
    });
    renderUi(<ReviewButton order={deliveredOrder()} line={orderLine()} />);
    fireEvent.click(await screen.findByText('Escribir reseña', {}, WAIT));
    stars(5);
    type('review-title', 'Excelente');
    fireEvent.click(screen.getByTestId('review-submit'));
    expect(await screen.findByText('Ya escribiste una reseña de este artículo.', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('review-modal')).toBeTruthy();
  });

  it('speaks English', async () => {
    fakeApi(SIGNED_IN);
    renderUi(<ReviewButton order={deliveredOrder()} line={orderLine()} />, 'en');
    expect(await screen.findByText('Write a review', {}, WAIT)).toBeTruthy();
  });
});

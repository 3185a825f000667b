import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render-app';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { CATALOGUE, catalogueFixture, OWNER } from '../test/fixtures';
import { MyCataloguesModal } from './my-catalogues-modal';

afterEach(() => {
  vi.useRealTimers();
  resetNotices();
});

const DELETE = `DELETE ${CATALOGUE}/catalogues/cat-1`;

// The modal's first render transforms Mantine's and dnd-kit's modules: slow on a busy machine.
describe('<MyCataloguesModal> delete (spec 1 §7, §8)', { timeout: 30_000 }, () => {
  it('asks first without force; a catalogue with products is deleted only when the owner says so', async () => {
    const api = fakeGateway({
      [`GET ${CATALOGUE}/catalogues`]: () => ({ results: [catalogueFixture({ num_products: 3 })], matches_estimated: 1 }),
      [DELETE]: (_request, url) =>
        url.searchParams.get('force') === 'true'
          ? new Response(null, { status: 204 })
          : jsonResponse(409, { code: 'product_catalogue_has_products', message: 'has products' }),
    });
    renderUi(<MyCataloguesModal owner={OWNER} opened onClose={() => {}} onChanged={() => {}} />);
    const row = await screen.findByTestId('catalogue-row', {}, { timeout: 15_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(within(row).getByTestId('catalogue-delete'));
    // The 5 s undo window, then the plain delete.
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    vi.useRealTimers();
    const question = await screen.findByText(
      '«Regalos» tiene 3 productos. ¿Eliminar el catálogo de todos modos? Los productos siguen en tu tienda.',
      {},
      { timeout: 10_000 },
    );
    expect(question).toBeTruthy();
    expect(api.callsTo(DELETE).map((call) => call.url.searchParams.get('force'))).toEqual([null]);
    fireEvent.click(screen.getByTestId('catalogue-force-delete'));
    expect(await screen.findByText('Catálogo eliminado', {}, { timeout: 10_000 })).toBeTruthy();
    expect(api.callsTo(DELETE).map((call) => call.url.searchParams.get('force'))).toEqual([null, 'true']);
  });

  it('cancelling keeps the catalogue and sends nothing more', async () => {
    const api = fakeGateway({
      [`GET ${CATALOGUE}/catalogues`]: () => ({ results: [catalogueFixture({ num_products: 1 })], matches_estimated: 1 }),
      [DELETE]: () => jsonResponse(409, { code: 'product_catalogue_has_products', message: 'has products' }),
    });
    renderUi(<MyCataloguesModal owner={OWNER} opened onClose={() => {}} onChanged={() => {}} />);
    const row = await screen.findByTestId('catalogue-row', {}, { timeout: 15_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(within(row).getByTestId('catalogue-delete'));
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    vi.useRealTimers();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }, { timeout: 10_000 }));
    expect(await screen.findByTestId('catalogue-row')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('catalogue-force-delete')).toBeNull());
    expect(api.callsTo(DELETE)).toHaveLength(1);
  });
});

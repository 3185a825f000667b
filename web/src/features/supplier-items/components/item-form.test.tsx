import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ItemJson } from '@vitrina/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render-app';
import { fakeGateway, renderUi, resetNotices } from '@/test/render-ui';
import { itemFixture, ITEMS, SUPPLIER } from '../test/fixtures';
import { ItemForm } from './item-form';

afterEach(resetNotices);

const field = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
/** The message Mantine renders under an input, found through the input's aria-describedby. */
function errorOf(testId: string): string | null {
  const input = field(testId);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return (
    ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .find((text) => text.length > 0 && input.getAttribute('aria-invalid') === 'true') ?? null
  );
}

function renderNew(onCreated = vi.fn()) {
  renderUi(<ItemForm owner={SUPPLIER} item={null} onCreated={onCreated} onDeleted={vi.fn()} />);
  return onCreated;
}

function renderExisting(item: ItemJson = itemFixture()) {
  renderUi(<ItemForm owner={SUPPLIER} item={item} onCreated={vi.fn()} onDeleted={vi.fn()} />);
}

describe('the supplier’s item form (issue 4, spec 1 §3 Item)', { timeout: 20_000 }, () => {
  it('shows the Spanish messages under the fields and sends nothing', async () => {
    const api = fakeGateway({});
    renderNew();
    fireEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByTestId('item-form-errors')).toHaveProperty('textContent', 'Revisa los campos marcados');
    expect(errorOf('item-name')).toBe('Este campo es obligatorio');
    expect(errorOf('item-list-price')).toBe('Ingresa el precio o marca el artículo como gratis');
    expect(api.calls).toHaveLength(0);
  });

  it('checks the rules that span fields: margin, crossout price, stock, variants', async () => {
    const api = fakeGateway({});
    renderNew();
    type('item-name', 'Jarrón');
    type('item-list-price', '100');
    type('item-crossout-price', '90');
    type('item-contribution-margin', '120');
    type('item-available', '3.5');
    type('item-max-purchase', '0');
    fireEvent.click(screen.getByTestId('item-variant-add'));
    fireEvent.change(screen.getByLabelText('Valor de la variante 1'), { target: { value: 'Azul' } });
    fireEvent.click(screen.getByTestId('item-save'));
    await screen.findByTestId('item-form-errors');
    expect(errorOf('item-contribution-margin')).toBe('El margen no puede ser mayor que el precio');
    expect(errorOf('item-crossout-price')).toBe('El precio tachado debe ser mayor que el precio');
    expect(errorOf('item-available')).toBe('Ingresa un número entero');
    expect(errorOf('item-max-purchase')).toBe('Ingresa un número de 1 a 1000000');
    expect(screen.getByText('Ponle nombre a la variante (máximo 50 caracteres)')).toBeTruthy();
    expect(errorOf('item-name')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('shows a field’s message when the supplier leaves it', async () => {
    fakeGateway({});
    renderNew();
    type('item-list-price', '12.345');
    fireEvent.blur(field('item-list-price'));
    await waitFor(() => expect(errorOf('item-list-price')).toBe('Ingresa un importe con hasta 2 decimales, por ejemplo 199.00'));
  });

  it('turns repeated tags into one and says so', async () => {
    fakeGateway({});
    renderNew();
    const tags = field('item-tags');
    tags.focus(); // Mantine ignores changes to a combobox input that has no focus (autofill).
    fireEvent.change(tags, { target: { value: 'Barro' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.change(tags, { target: { value: 'barro' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(await screen.findByText('La etiqueta «barro» ya está')).toBeTruthy();
    expect(screen.getAllByText('barro')).toHaveLength(1);
  });

  it('creates the item with the API’s payload and says so', async () => {
    const created = itemFixture({ id: 'new-item' });
    const api = fakeGateway({ [`POST ${ITEMS}`]: () => jsonResponse(201, created) });
    const onCreated = renderNew();
    type('item-name', '  Jarrón de barro ');
    type('item-description', 'Hecho a mano.');
    const tags = field('item-tags');
    tags.focus(); // Mantine ignores changes to a combobox input that has no focus (autofill).
    fireEvent.change(tags, { target: { value: 'Barro' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    type('item-list-price', '250');
    type('item-crossout-price', '300');
    type('item-contribution-margin', '50.5');
    type('item-available', '8');
    type('item-max-purchase', '2');
    fireEvent.click(screen.getByTestId('item-variant-add'));
    fireEvent.change(screen.getByLabelText('Nombre de la variante 1'), { target: { value: 'Color' } });
    fireEvent.change(screen.getByLabelText('Valor de la variante 1'), { target: { value: 'Rojo' } });
    fireEvent.click(screen.getByTestId('item-save'));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(api.callsTo(`POST ${ITEMS}`)[0]?.body).toEqual({
      name: 'Jarrón de barro',
      type: 'product',
      list_state: 'unpublished',
      main_type: 'business',
      description: 'Hecho a mano.',
      photos: [],
      tags: ['barro'],
      list_price: '250.00',
      crossout_price: '300.00',
      contribution_margin: '50.50',
      is_free: false,
      hide_price: false,
      is_dropshipping: true,
      variants: { Color: 'Rojo' },
      stock: { available: 8, stock_type: 'onstock', max_purchase_amount: 2, sold_out: false },
      experience_date: null,
      hiden: false,
    });
    expect(await screen.findByText('El artículo se creó')).toBeTruthy();
  });

  it('asks for the date of an experience and sends it', async () => {
    const api = fakeGateway({ [`POST ${ITEMS}`]: () => jsonResponse(201, itemFixture({ type: 'experience' })) });
    renderNew();
    expect(screen.queryByTestId('item-experience-date')).toBeNull();
    fireEvent.change(field('item-type'), { target: { value: 'experience' } });
    type('item-name', 'Taller de barro');
    type('item-list-price', '400');
    type('item-experience-date', '2030-03-01T10:30');
    fireEvent.click(screen.getByTestId('item-save'));
    await waitFor(() => expect(api.callsTo(`POST ${ITEMS}`)).toHaveLength(1));
    expect(api.callsTo(`POST ${ITEMS}`)[0]?.body).toMatchObject({
      type: 'experience',
      experience_date: new Date('2030-03-01T10:30').toISOString(),
    });
  });

  it('shows the server’s field errors under the fields', async () => {
    const item = itemFixture();
    fakeGateway({
      [`PATCH ${ITEMS}/${item.id}`]: () =>
        jsonResponse(400, {
          code: 'validation_failed',
          message: 'contribution_margin: contribution_margin cannot exceed list_price',
          fields: {
            contribution_margin: ['contribution_margin cannot exceed list_price'],
            'stock.max_purchase_amount': ['must be at least 1'],
          },
        }),
    });
    renderExisting(item);
    type('item-name', 'Jarrón grande');
    fireEvent.click(screen.getByTestId('item-save'));
    await waitFor(() => expect(errorOf('item-contribution-margin')).toBe('Margen no válido: no puede ser mayor que el precio'));
    expect(errorOf('item-max-purchase')).toBe('Debe ser al menos 1');
    expect(screen.getByTestId('item-form-errors')).toBeTruthy();
  });

  it('says ‘Ocurrió un error’ when the server fails unexpectedly, and keeps the edits', async () => {
    const item = itemFixture();
    fakeGateway({ [`PATCH ${ITEMS}/${item.id}`]: () => jsonResponse(500, { code: 'internal_error', message: 'boom' }) });
    renderExisting(item);
    type('item-name', 'Jarrón grande');
    fireEvent.click(screen.getByTestId('item-save'));
    expect(await screen.findByText('Ocurrió un error')).toBeTruthy();
    expect(field('item-name').value).toBe('Jarrón grande');
    expect(screen.getByTestId<HTMLButtonElement>('item-save').disabled).toBe(false);
  });

  it('edits an item: the type is fixed, PATCH sends no type, then it publishes and unpublishes', async () => {
    const item = itemFixture();
    const api = fakeGateway({
      [`PATCH ${ITEMS}/${item.id}`]: async (request) => ({ ...item, ...((await request.json()) as object), stock: item.stock }),
      [`POST ${ITEMS}/${item.id}/publish`]: () => ({ ...item, list_state: 'published' }),
      [`POST ${ITEMS}/${item.id}/unpublish`]: () => ({ ...item, list_state: 'unpublished' }),
    });
    renderExisting(item);
    expect(field('item-type').disabled).toBe(true);
    expect(screen.getByText('El tipo no se puede cambiar después de crear el artículo.')).toBeTruthy();
    expect(field('item-list-price').value).toBe('250.00');
    expect(screen.getByLabelText('Nombre de la variante 1')).toHaveProperty('value', 'Color');
    expect(within(screen.getByTestId('item-state-badges')).getByText('No publicado')).toBeTruthy();

    // Unsaved edits are saved before publishing.
    type('item-name', 'Jarrón grande');
    fireEvent.click(screen.getByTestId('item-publish'));
    expect(await screen.findByText('El artículo se publicó')).toBeTruthy();
    const patch = api.callsTo(`PATCH ${ITEMS}/${item.id}`);
    expect(patch).toHaveLength(1);
    expect(patch[0]?.body).toMatchObject({ name: 'Jarrón grande' });
    expect(patch[0]?.body).not.toHaveProperty('type');
    expect(api.callsTo(`POST ${ITEMS}/${item.id}/publish`)).toHaveLength(1);
    expect(within(screen.getByTestId('item-state-badges')).getByText('Publicado')).toBeTruthy();

    fireEvent.click(screen.getByTestId('item-unpublish'));
    expect(await screen.findByText('El artículo se despublicó')).toBeTruthy();
    expect(api.callsTo(`POST ${ITEMS}/${item.id}/unpublish`)).toHaveLength(1);
    // Nothing changed since: no second PATCH.
    expect(api.callsTo(`PATCH ${ITEMS}/${item.id}`)).toHaveLength(1);
  });

  it('deletes only after confirming', async () => {
    const item = itemFixture();
    const api = fakeGateway({ [`DELETE ${ITEMS}/${item.id}`]: () => new Response(null, { status: 204 }) });
    const onDeleted = vi.fn();
    renderUi(<ItemForm owner={SUPPLIER} item={item} onCreated={vi.fn()} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByTestId('item-delete'));
    expect(
      await screen.findByText('¿Eliminar «Jarrón de barro»? Sale de todas las tiendas y catálogos. No se puede deshacer.'),
    ).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('item-delete-confirm'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(api.callsTo(`DELETE ${ITEMS}/${item.id}`)).toHaveLength(1);
  });

  it('speaks English when the app does', () => {
    fakeGateway({});
    renderUi(<ItemForm owner={SUPPLIER} item={null} onCreated={vi.fn()} onDeleted={vi.fn()} />, 'en');
    expect(screen.getByRole('heading', { name: 'New item' })).toBeTruthy();
    expect(screen.getByTestId('item-save').textContent).toBe('Create item');
  });
});

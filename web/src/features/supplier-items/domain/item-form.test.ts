import { describe, expect, it } from 'vitest';
import { emptyItemForm, serverFieldErrors, toCreateBody, toUpdateBody, validateItemForm, type ItemFormValues } from './item-form';

const valid = (overrides: Partial<ItemFormValues> = {}): ItemFormValues => ({
  ...emptyItemForm(),
  name: 'Jarrón',
  list_price: '250',
  ...overrides,
});
const keys = (values: ItemFormValues) =>
  Object.fromEntries(Object.entries(validateItemForm(values)).map(([field, error]) => [field, error.key]));

describe('supplier item form rules (services/catalogue item.dto + item.rules)', () => {
  it('accepts a plain priced product', () => {
    expect(validateItemForm(valid())).toEqual({});
  });

  it('requires a name and a price unless the item is free', () => {
    expect(keys(valid({ name: '   ', list_price: '' }))).toEqual({ name: 'errors.required', list_price: 'errors.priceRequired' });
    expect(keys(valid({ list_price: '', is_free: true }))).toEqual({});
  });

  it('takes amounts with at most 2 decimals', () => {
    expect(keys(valid({ list_price: '19.999' }))).toEqual({ list_price: 'errors.money' });
    expect(keys(valid({ list_price: '-5' }))).toEqual({ list_price: 'errors.money' });
    expect(keys(valid({ list_price: '19.9' }))).toEqual({});
  });

  it('refuses a contribution margin above the price and a crossout price not above it', () => {
    expect(keys(valid({ contribution_margin: '250.01' }))).toEqual({ contribution_margin: 'errors.marginAbovePrice' });
    expect(keys(valid({ contribution_margin: '250' }))).toEqual({});
    expect(keys(valid({ crossout_price: '250' }))).toEqual({ crossout_price: 'errors.crossoutAbovePrice' });
  });

  it('ignores price, crossout and margin of a free item', () => {
    expect(keys(valid({ is_free: true, list_price: '10', contribution_margin: '99', crossout_price: 'x' }))).toEqual({});
  });

  it('checks stock counts: whole numbers, max purchase at least 1', () => {
    expect(keys(valid({ available: '2.5', max_purchase_amount: '0' }))).toEqual({
      available: 'errors.integer',
      max_purchase_amount: 'errors.maxPurchaseRange',
    });
    expect(keys(valid({ available: '0', max_purchase_amount: '1' }))).toEqual({});
  });

  it('wants unique tags (case does not make a tag different) and named, unique variants', () => {
    expect(keys(valid({ tags: ['Rojo', 'rojo'] }))).toEqual({ tags: 'errors.tagsUnique' });
    expect(
      keys(
        valid({
          variants: [
            { key: 'Talla', value: 'M' },
            { key: 'talla', value: 'L' },
            { key: '', value: 'Azul' },
            { key: '', value: '' },
          ],
        }),
      ),
    ).toEqual({ 'variants.1.key': 'errors.variantDuplicate', 'variants.2.key': 'errors.variantName' });
  });

  it('limits variants to the contract’s maximum', () => {
    const variants = Array.from({ length: 31 }, (_, i) => ({ key: `v${i}`, value: 'x' }));
    expect(keys(valid({ variants }))).toEqual({ variants: 'errors.variantsMax' });
  });

  it('builds the API body: 2-decimal strings, lower-case tags, a variant map, stock, no date for a product', () => {
    const body = toCreateBody(
      valid({
        name: ' Jarrón ',
        list_price: '250',
        crossout_price: '300.5',
        contribution_margin: '',
        tags: ['Barro', ' hecho a mano '],
        variants: [
          { key: 'Color', value: 'Rojo' },
          { key: '', value: '' },
        ],
        available: '8',
        max_purchase_amount: '',
        experience_date: '2030-01-01T10:00',
      }),
    );
    expect(body).toMatchObject({
      name: 'Jarrón',
      type: 'product',
      list_state: 'unpublished',
      list_price: '250.00',
      crossout_price: '300.50',
      contribution_margin: '0.00',
      tags: ['barro', 'hecho a mano'],
      variants: { Color: 'Rojo' },
      stock: { available: 8, stock_type: 'onstock', max_purchase_amount: null, sold_out: false },
      experience_date: null,
    });
    expect(toUpdateBody(valid())).not.toHaveProperty('type');
  });

  it('sends a free item without price, crossout or margin, and an experience with its date', () => {
    expect(toUpdateBody(valid({ is_free: true, crossout_price: '10' }))).toMatchObject({
      list_price: '0.00',
      crossout_price: null,
      contribution_margin: '0.00',
    });
    const date = toUpdateBody(valid({ type: 'experience', experience_date: '2030-01-01T10:00' })).experience_date;
    expect(date).toBe(new Date('2030-01-01T10:00').toISOString());
  });

  it('places server field errors under their fields', () => {
    expect(
      serverFieldErrors({ 'stock.max_purchase_amount': ['must be at least 1'], contribution_margin_minor: ['x'], 'tags.0': ['x'] }),
    ).toEqual({
      errors: {
        max_purchase_amount: { key: 'errors.server.max_purchase_amount' },
        contribution_margin: { key: 'errors.server.contribution_margin' },
        tags: { key: 'errors.server.tags' },
      },
      unplaced: false,
    });
    expect(serverFieldErrors({ queue_position: ['x'] }).unplaced).toBe(true);
  });
});

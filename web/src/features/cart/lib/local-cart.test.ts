import { afterEach, describe, expect, it, vi } from 'vitest';
import { localCartKey } from '@/lib/cart-bridge';
import {
  clearLocalCart,
  localCartCount,
  localItemAmount,
  localLineAmount,
  localLineId,
  readLocalCart,
  removeLocalLine,
  resetLocalCartCache,
  setLocalAmount,
  setLocalLineAmount,
  subscribeLocalCart,
} from './local-cart';

const line = (item_id: string, variant?: Record<string, string>) => (variant ? { item_id, variant } : { item_id });

afterEach(() => {
  window.localStorage.clear();
  resetLocalCartCache();
});

describe("an anonymous visitor's cart in local storage (spec 1 §3, §6)", () => {
  it('keeps one cart per shop, with items and amounts', () => {
    setLocalAmount('demo', line('item-1'), 2);
    setLocalAmount('demo', line('item-2'), 1);
    setLocalAmount('otra', line('item-9'), 4);
    expect(readLocalCart('demo').items).toEqual([
      { item_id: 'item-1', amount: 2 },
      { item_id: 'item-2', amount: 1 },
    ]);
    expect(JSON.parse(window.localStorage.getItem(localCartKey('otra'))!)).toEqual({ items: [{ item_id: 'item-9', amount: 4 }] });
    expect(localCartCount(readLocalCart('demo'))).toBe(3);
  });

  it('changes a quantity in place, removes lines, and forgets an emptied cart', () => {
    setLocalAmount('demo', line('item-1'), 2);
    setLocalAmount('demo', line('item-2'), 1);
    setLocalAmount('demo', line('item-1'), 5);
    expect(readLocalCart('demo').items[0]).toEqual({ item_id: 'item-1', amount: 5 });
    removeLocalLine('demo', { id: 'item-1', line_id: 'item-1' });
    expect(readLocalCart('demo').items).toEqual([{ item_id: 'item-2', amount: 1 }]);
    clearLocalCart('demo');
    expect(readLocalCart('demo').items).toEqual([]);
    expect(window.localStorage.getItem(localCartKey('demo'))).toBeNull();
  });

  it('ignores damaged or foreign data instead of failing the page', () => {
    window.localStorage.setItem(localCartKey('demo'), '{not json');
    expect(readLocalCart('demo').items).toEqual([]);
    resetLocalCartCache();
    window.localStorage.setItem(
      localCartKey('demo'),
      JSON.stringify({ items: [{ item_id: 'ok', amount: 2 }, { item_id: 'bad', amount: -1 }, 'x'] }),
    );
    expect(readLocalCart('demo').items).toEqual([{ item_id: 'ok', amount: 2 }]);
  });

  it('tells subscribers about changes, and reads a change made in another tab', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLocalCart(listener);
    setLocalAmount('demo', line('item-1'), 1);
    expect(listener).toHaveBeenCalledTimes(1);
    window.localStorage.setItem(localCartKey('demo'), JSON.stringify({ items: [{ item_id: 'item-1', amount: 3 }] }));
    window.dispatchEvent(new StorageEvent('storage', { key: localCartKey('demo') }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(readLocalCart('demo').items).toEqual([{ item_id: 'item-1', amount: 3 }]);
    unsubscribe();
  });

  it('keeps a line per variant, keyed by the line id the server computes, and counts the item across its lines', () => {
    setLocalAmount('demo', line('shirt', { Talla: 'S', Color: 'Rojo' }), 1);
    setLocalAmount('demo', line('shirt', { Color: 'Rojo', Talla: 'M' }), 2);
    setLocalAmount('demo', line('shirt', { Color: 'Rojo', Talla: 'S' }), 3); // the same line, names in another order
    expect(readLocalCart('demo').items).toEqual([
      { item_id: 'shirt', amount: 3, variant: { Color: 'Rojo', Talla: 'S' } },
      { item_id: 'shirt', amount: 2, variant: { Color: 'Rojo', Talla: 'M' } },
    ]);
    expect(localLineAmount('demo', line('shirt', { Talla: 'M', Color: 'Rojo' }))).toBe(2);
    expect(localItemAmount('demo', 'shirt')).toBe(5);
    const m = localLineId(line('shirt', { Talla: 'M', Color: 'Rojo' }));
    expect(m).toMatch(/^shirt\.[A-Za-z0-9_-]+$/);
    expect(localLineId(line('shirt'))).toBe('shirt');
    setLocalLineAmount('demo', { id: 'shirt', line_id: m, variant: { Color: 'Rojo', Talla: 'M' } }, 1);
    removeLocalLine('demo', { id: 'shirt', line_id: localLineId(line('shirt', { Color: 'Rojo', Talla: 'S' })) });
    expect(readLocalCart('demo').items).toEqual([{ item_id: 'shirt', amount: 1, variant: { Color: 'Rojo', Talla: 'M' } }]);
  });

  it('finds a line kept without a variant (before variants were kept) by the priced line the quote gave it', () => {
    setLocalAmount('demo', line('shirt'), 2);
    const priced = { id: 'shirt', line_id: localLineId(line('shirt', { Talla: 'S' })), variant: { Talla: 'S' } };
    setLocalLineAmount('demo', priced, 3);
    expect(readLocalCart('demo').items).toEqual([{ item_id: 'shirt', amount: 3, variant: { Talla: 'S' } }]);
    removeLocalLine('demo', priced);
    expect(readLocalCart('demo').items).toEqual([]);
  });

  it('drops stored lines whose variant is not a map of names to options', () => {
    window.localStorage.setItem(
      localCartKey('demo'),
      JSON.stringify({
        items: [
          { item_id: 'ok', amount: 1, variant: { Talla: 'S' } },
          { item_id: 'bad', amount: 1, variant: ['S'] },
        ],
      }),
    );
    expect(readLocalCart('demo').items).toEqual([{ item_id: 'ok', amount: 1, variant: { Talla: 'S' } }]);
  });
});

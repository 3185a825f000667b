import { afterEach, describe, expect, it, vi } from 'vitest';
import { localCartKey } from '@/lib/cart-bridge';
import {
  clearLocalCart,
  localCartCount,
  readLocalCart,
  removeLocalItem,
  resetLocalCartCache,
  setLocalAmount,
  subscribeLocalCart,
} from './local-cart';

afterEach(() => {
  window.localStorage.clear();
  resetLocalCartCache();
});

describe("an anonymous visitor's cart in local storage (spec 1 §3, §6)", () => {
  it('keeps one cart per shop, with items and amounts', () => {
    setLocalAmount('demo', 'item-1', 2);
    setLocalAmount('demo', 'item-2', 1);
    setLocalAmount('otra', 'item-9', 4);
    expect(readLocalCart('demo').items).toEqual([
      { item_id: 'item-1', amount: 2 },
      { item_id: 'item-2', amount: 1 },
    ]);
    expect(JSON.parse(window.localStorage.getItem(localCartKey('otra'))!)).toEqual({ items: [{ item_id: 'item-9', amount: 4 }] });
    expect(localCartCount(readLocalCart('demo'))).toBe(3);
  });

  it('changes a quantity in place, removes lines, and forgets an emptied cart', () => {
    setLocalAmount('demo', 'item-1', 2);
    setLocalAmount('demo', 'item-2', 1);
    setLocalAmount('demo', 'item-1', 5);
    expect(readLocalCart('demo').items[0]).toEqual({ item_id: 'item-1', amount: 5 });
    removeLocalItem('demo', 'item-1');
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
    setLocalAmount('demo', 'item-1', 1);
    expect(listener).toHaveBeenCalledTimes(1);
    window.localStorage.setItem(localCartKey('demo'), JSON.stringify({ items: [{ item_id: 'item-1', amount: 3 }] }));
    window.dispatchEvent(new StorageEvent('storage', { key: localCartKey('demo') }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(readLocalCart('demo').items).toEqual([{ item_id: 'item-1', amount: 3 }]);
    unsubscribe();
  });
});

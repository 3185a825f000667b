import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartBridge, hasLocalCart, isCheckoutPath, localCartKey, resetCartBridge } from './cart-bridge';

afterEach(() => {
  resetCartBridge();
  window.localStorage.clear();
});

describe('the cart bridge (storefront -> cart feature)', () => {
  it('knows the checkout paths where the cart button hides (spec 1 §2)', () => {
    expect(isCheckoutPath('/tienda/demo/comprar')).toBe(true);
    expect(isCheckoutPath('/tienda/demo/comprar/')).toBe(true);
    expect(isCheckoutPath('/tienda/demo/productos/x/comprar-articulo')).toBe(true);
    expect(isCheckoutPath('/tienda/demo/comprarlo')).toBe(false);
    expect(isCheckoutPath('/tienda/demo/carrito')).toBe(false);
  });

  it('holds an action asked before the cart has loaded until its host registers', async () => {
    const add = vi.fn(() => Promise.resolve(true));
    const pending = cartBridge.add({ shopSlug: 'demo', itemId: 'i', amount: 1 });
    const unregister = cartBridge.register({ add, buyNow: () => Promise.resolve(false) });
    await expect(pending).resolves.toBe(true);
    expect(add).toHaveBeenCalledWith({ shopSlug: 'demo', itemId: 'i', amount: 1 });
    unregister();
  });

  it('sees a local cart per shop', () => {
    expect(hasLocalCart('demo')).toBe(false);
    window.localStorage.setItem(localCartKey('demo'), '{"items":[]}');
    expect(hasLocalCart('demo')).toBe(true);
    expect(hasLocalCart('otra')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { item } from '@/features/storefront/test/fixtures';
import { commissionMinor, productCardModel, type CardContext } from './product-card.rules';

const visitor: CardContext = { level: 0, resaleInfo: true };
const reseller: CardContext = { level: 2, resaleInfo: true };

describe('product card rules (spec 1 §2 "Product card")', () => {
  it('shows the price with its crossout and the saving when the regular price is higher', () => {
    const model = productCardModel(item(1, { list_price_minor: 15000, crossout_price_minor: 20000 }), visitor);
    expect(model.price).toEqual({ kind: 'price', minor: 15000, crossoutMinor: 20000, savingMinor: 5000 });
  });

  it('shows no crossout when the crossout price equals the price, and no badge when it is lower', () => {
    expect(productCardModel(item(1, { list_price_minor: 15000, crossout_price_minor: 15000 }), visitor).price).toMatchObject({
      crossoutMinor: null,
      savingMinor: null,
    });
    expect(productCardModel(item(1, { list_price_minor: 15000, crossout_price_minor: 12000 }), visitor).price).toMatchObject({
      crossoutMinor: 12000,
      savingMinor: null,
    });
  });

  it('labels a free item "Gratis" with no crossout, whatever its crossout price', () => {
    const model = productCardModel(item(1, { is_free: true, list_price_minor: 0, crossout_price_minor: 5000 }), {
      level: 2,
      resaleInfo: true,
    });
    expect(model.price).toEqual({ kind: 'free' });
    expect(model.publicPriceLabel).toBe(false);
    expect(model.buyByMinor).toBeNull();
  });

  it('shows no price when the price is hidden', () => {
    const model = productCardModel(item(1, { hide_price: true }), { level: 1, resaleInfo: true });
    expect(model.price).toEqual({ kind: 'hidden' });
    expect(model.publicPriceLabel).toBe(false);
  });

  it('says "Precio público" to every level except 0, and not before the level is known', () => {
    expect(productCardModel(item(1), visitor).publicPriceLabel).toBe(false);
    expect(productCardModel(item(1), { level: 'unknown', resaleInfo: true }).publicPriceLabel).toBe(false);
    expect(productCardModel(item(1), { level: 1, resaleInfo: true }).publicPriceLabel).toBe(true);
    expect(productCardModel(item(1), reseller).publicPriceLabel).toBe(true);
  });

  it('gives level 2 the commission = contribution_margin x plan rate (0.5 by default)', () => {
    const model = productCardModel(item(1, { contribution_margin_minor: 9950 }), reseller);
    expect(model.resale).toEqual({ kind: 'earning', commissionMinor: 4975, enabled: true });
    expect(productCardModel(item(1, { contribution_margin_minor: 9950 }), { ...reseller, commissionRate: 0.3 }).resale).toMatchObject({
      commissionMinor: 2985,
    });
  });

  it('rounds the commission to the minor unit', () => {
    expect(commissionMinor(99, 0.5)).toBe(50);
    expect(commissionMinor(101, 0.333)).toBe(34);
  });

  it('hides resale information for level 1, with the cookie flag off, and with no commission rate', () => {
    expect(productCardModel(item(1), { level: 1, resaleInfo: true }).resale).toEqual({ kind: 'none' });
    expect(productCardModel(item(1), { ...reseller, resaleInfo: false }).resale).toEqual({ kind: 'none' });
    expect(productCardModel(item(1), { ...reseller, commissionRate: 0 }).resale).toEqual({ kind: 'none' });
  });

  it('says "not for resale" to level 2 on items that are not dropshipping', () => {
    const model = productCardModel(item(1, { is_dropshipping: false }), reseller);
    expect(model.resale).toEqual({ kind: 'not_for_resale' });
    expect(model.buyByMinor).toBeNull();
  });

  it('shows the Buy-by price (price minus commission) to levels 1 and 2 on dropshipped items only', () => {
    const dropshipped = item(1, { list_price_minor: 20000, contribution_margin_minor: 4000 });
    expect(productCardModel(dropshipped, { level: 1, resaleInfo: true }).buyByMinor).toBe(18000);
    expect(productCardModel(dropshipped, reseller).buyByMinor).toBe(18000);
    expect(productCardModel(dropshipped, visitor).buyByMinor).toBeNull();
    expect(productCardModel(dropshipped, { level: 3, resaleInfo: true }).buyByMinor).toBeNull();
  });

  it('offers the earn-commissions promo to level 1 only', () => {
    expect(productCardModel(item(1), { level: 1, resaleInfo: true }).earnPromo).toBe(true);
    expect(productCardModel(item(1), reseller).earnPromo).toBe(false);
    expect(productCardModel(item(1), visitor).earnPromo).toBe(false);
  });

  it('shows none of the resale actions on proxy items', () => {
    for (const level of [1, 2] as const) {
      const model = productCardModel(item(1), { level, resaleInfo: true, proxy: true });
      expect(model.resale).toEqual({ kind: 'none' });
      expect(model.buyByMinor).toBeNull();
      expect(model.earnPromo).toBe(false);
    }
  });

  it('dims unpublished and hidden items and disables their resale actions', () => {
    const unpublished = productCardModel(item(1, { list_state: 'unpublished' }), reseller);
    expect(unpublished.dimmed).toBe(true);
    expect(unpublished.resale).toMatchObject({ kind: 'earning', enabled: false });
    expect(productCardModel(item(1, { hiden: true }), visitor).dimmed).toBe(true);
    expect(productCardModel(item(1), visitor).dimmed).toBe(false);
  });
});

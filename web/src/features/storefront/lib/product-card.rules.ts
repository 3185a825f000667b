import type { ItemJson } from '@vitrina/contracts';
import { DEFAULT_PLAN_COMMISSION_RATE, type ViewerLevel } from './viewer';

/** What the card needs of an item (a listing result, a catalogue product or an item detail). */
export type CardItem = Pick<
  ItemJson,
  | 'list_price_minor'
  | 'crossout_price_minor'
  | 'currency'
  | 'hide_price'
  | 'is_free'
  | 'is_dropshipping'
  | 'contribution_margin_minor'
  | 'list_state'
  | 'hiden'
>;

export interface CardContext {
  level: ViewerLevel;
  /** The resale-info cookie flag (spec 1 §3: default true). */
  resaleInfo: boolean;
  /** The plan's commission rate; null or undefined falls back to the default plan's. */
  commissionRate?: number | null;
  /** Items of a proxy shop never show resale actions (spec 1 §2). */
  proxy?: boolean;
}

export type CardPrice =
  | { kind: 'hidden' }
  | { kind: 'free' }
  | {
      kind: 'price';
      minor: number;
      /** The strike-through regular price, when it differs from the price. */
      crossoutMinor: number | null;
      /** Regular minus reduced price, for the offer badge; only when positive. */
      savingMinor: number | null;
    };

export type CardResale =
  | { kind: 'none' }
  /** spec 1 §2: items that are not dropshipping show 'not for resale'. */
  | { kind: 'not_for_resale' }
  /** Earning per product, share and create-campaign actions; `enabled` is false for unpublished or hidden items. */
  | { kind: 'earning'; commissionMinor: number; enabled: boolean };

export interface CardModel {
  price: CardPrice;
  currency: string;
  /** 'Precio público' beside a price: every level except 0 (and not before the level is known). */
  publicPriceLabel: boolean;
  resale: CardResale;
  /** The 'Buy-by' price levels 1 and 2 see on dropshipped items: the price minus their commission. */
  buyByMinor: number | null;
  /** The earn-commissions promo button, for level 1 only. */
  earnPromo: boolean;
  /** Unpublished or hidden items (only their owner gets them from the API) are dimmed. */
  dimmed: boolean;
}

/** spec 1 §9: commission earned = contribution_margin x plan commission rate, rounded to the minor unit. */
export function commissionMinor(contributionMarginMinor: number, rate: number): number {
  return Math.max(0, Math.round(contributionMarginMinor * rate));
}

function priceOf(item: CardItem): CardPrice {
  if (item.is_free) return { kind: 'free' };
  if (item.hide_price) return { kind: 'hidden' };
  const crossout = item.crossout_price_minor;
  const crossoutMinor = crossout !== null && crossout !== item.list_price_minor ? crossout : null;
  const saving = crossoutMinor === null ? 0 : crossoutMinor - item.list_price_minor;
  return { kind: 'price', minor: item.list_price_minor, crossoutMinor, savingMinor: saving > 0 ? saving : null };
}

/** spec 1 §2 'Product card', as data: every rule of the card in one place, tested without rendering. */
export function productCardModel(item: CardItem, context: CardContext): CardModel {
  const { level, resaleInfo, proxy = false } = context;
  const rate = context.commissionRate ?? DEFAULT_PLAN_COMMISSION_RATE;
  const dimmed = item.list_state === 'unpublished' || item.hiden;
  const price = priceOf(item);
  const sellable = price.kind === 'price';
  const commission = commissionMinor(item.contribution_margin_minor, rate);

  let resale: CardResale = { kind: 'none' };
  // spec 1 §2: resale information only with the cookie flag on, level two and a commission rate; never on proxy items.
  if (!proxy && resaleInfo && level === 2 && rate > 0) {
    resale = item.is_dropshipping ? { kind: 'earning', commissionMinor: commission, enabled: !dimmed } : { kind: 'not_for_resale' };
  }

  const reseller = level === 1 || level === 2;
  return {
    price,
    currency: item.currency,
    publicPriceLabel: level !== 0 && level !== 'unknown' && sellable,
    resale,
    buyByMinor: !proxy && reseller && item.is_dropshipping && sellable ? item.list_price_minor - commission : null,
    earnPromo: !proxy && level === 1,
    dimmed,
  };
}

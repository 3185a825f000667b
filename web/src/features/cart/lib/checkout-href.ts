import { readCookie } from '@/lib/cookies';
import type { AffiliateParams } from '@/features/cart/api/create-checkout';

/**
 * The checkout page of a shop (spec 1 §2: the shop path plus `comprar`), in the router's /tienda/{slug} form (on a
 * shop's own host the router writes it back without the prefix).
 */
export function checkoutHref(shopSlug: string, checkoutId: string): string {
  return `/tienda/${encodeURIComponent(shopSlug)}/comprar?${new URLSearchParams({ checkout: checkoutId }).toString()}`;
}

/** The affiliate cookies the checkout carries (spec 1 §3, spec 2 §3: referralID, campaign, clickID); absent ones left out. */
export function affiliateFromCookies(): AffiliateParams {
  const referral = readCookie('referralID');
  const campaign = readCookie('campaign');
  const clickId = readCookie('clickID');
  return { ...(referral ? { referral } : {}), ...(campaign ? { campaign } : {}), ...(clickId ? { click_id: clickId } : {}) };
}

import { deleteCookie } from '@/lib/cookies';

/** spec 3 §9 'Cookies read: referralID, campaign, clickID' (the cart carries them into the checkout). */
export const AFFILIATE_COOKIES = ['referralID', 'campaign', 'clickID'] as const;

/** spec 3 §4 step 4: after a successful payment start or completion the referral, campaign and click cookies go. */
export function clearAffiliateCookies(): void {
  for (const name of AFFILIATE_COOKIES) deleteCookie(name);
}

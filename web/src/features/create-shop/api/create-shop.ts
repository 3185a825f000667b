import type { Shop } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { NewShopType } from '../domain/store-types';

export interface CreateShopBody {
  name: string;
  slug: string;
  store_type: NewShopType;
  /** The logo: the URL the gallery upload answered. */
  photo?: string;
  /** Who referred the user (the referral cookie): an affinity shop hangs from their affinity store. */
  referral?: string;
}

/** The created shop (the owner's view of it). */
export type CreatedShop = Shop;

/**
 * POST /api/store/shops (issue 16, signed in): 201 the shop; 409 slug_taken, slug_reserved, shop_already_owned;
 * 400 validation (store_type_not_allowed for a franchise); 401.
 */
export function createShop(body: CreateShopBody): Promise<CreatedShop> {
  return unwrap(api.POST('/api/store/shops', { body }));
}

export function useCreateShop() {
  return useMutation({ mutationFn: createShop });
}

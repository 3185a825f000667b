import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { NewShopType } from '../domain/store-types';

export interface CreateShopBody {
  name: string;
  slug: string;
  store_type: NewShopType;
}

/** The created shop, as far as this page reads it. */
export interface CreatedShop {
  id: string;
  slug: string;
  name: string;
}

interface LooseClient {
  POST: (path: string, init: { body: unknown }) => Promise<{ data?: CreatedShop; error?: unknown; response: Response }>;
}

/**
 * POST /api/store/shops (issue 16, signed in): 201 the shop; 409 slug_taken, slug_reserved, shop_already_owned;
 * 400 validation; 401. The generated client does not describe the route yet, so the call goes through it untyped.
 */
export function createShop(body: CreateShopBody): Promise<CreatedShop> {
  return unwrap((api as unknown as LooseClient).POST('/api/store/shops', { body }));
}

export function useCreateShop() {
  return useMutation({ mutationFn: createShop });
}

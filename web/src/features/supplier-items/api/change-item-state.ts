import type { ItemJson } from '@vitrina/contracts';
import { api, unwrap } from '@/api/client';
import { ownerParams, type SupplierRef } from './http';

/** `POST .../items/{item}/publish` and `/unpublish` (an unpublished item leaves public listings at once). */
export function changeItemState(owner: SupplierRef, itemId: string, to: 'publish' | 'unpublish'): Promise<ItemJson> {
  const params = { path: { ...ownerParams(owner), item: itemId } };
  return unwrap(
    to === 'publish'
      ? api.POST('/api/catalogue/{owner}/{scope}/items/{item}/publish', { params })
      : api.POST('/api/catalogue/{owner}/{scope}/items/{item}/unpublish', { params }),
  );
}

import { api, unwrap } from '@/api/client';
import { ownerParams, type SupplierRef } from './http';

/** `DELETE .../items/{item}` (204): the item leaves every shop and catalogue. */
export function deleteItem(owner: SupplierRef, itemId: string): Promise<void> {
  return unwrap(
    api.DELETE('/api/catalogue/{owner}/{scope}/items/{item}', { params: { path: { ...ownerParams(owner), item: itemId } } }),
  ).then(() => undefined);
}

import { itemPath, sendJson, type SupplierRef } from './http';

/** `DELETE .../items/{item}` (204): the item leaves every shop and catalogue. */
export function deleteItem(owner: SupplierRef, itemId: string): Promise<void> {
  return sendJson<void>('DELETE', itemPath(owner, itemId));
}

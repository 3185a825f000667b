import type { ItemJson } from '@vitrina/contracts';
import { itemPath, sendJson, type SupplierRef } from './http';

/** `POST .../items/{item}/publish` and `/unpublish` (an unpublished item leaves public listings at once). */
export function changeItemState(owner: SupplierRef, itemId: string, to: 'publish' | 'unpublish'): Promise<ItemJson> {
  return sendJson<ItemJson>('POST', `${itemPath(owner, itemId)}/${to}`);
}

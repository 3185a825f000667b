import type { ItemJson } from '@vitrina/contracts';
import type { CreateItemBody, UpdateItemBody } from '../domain/item-form';
import { itemPath, itemsBase, sendJson, type SupplierRef } from './http';

/** `POST .../items`: created unpublished. */
export function createItem(owner: SupplierRef, body: CreateItemBody): Promise<ItemJson> {
  return sendJson<ItemJson>('POST', itemsBase(owner), body);
}

/** `PATCH .../items/{item}`: only the fields sent change; the type is not one of them. */
export function updateItem(owner: SupplierRef, itemId: string, body: UpdateItemBody): Promise<ItemJson> {
  return sendJson<ItemJson>('PATCH', itemPath(owner, itemId), body);
}

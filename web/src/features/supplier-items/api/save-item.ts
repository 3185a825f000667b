import type { ItemJson } from '@vitrina/contracts';
import type { CreateItemBody, UpdateItemBody } from '../domain/item-form';
import { api, unwrap } from '@/api/client';
import { ownerParams, type SupplierRef } from './http';

/** `POST .../items`: created unpublished. */
export function createItem(owner: SupplierRef, body: CreateItemBody): Promise<ItemJson> {
  return unwrap(api.POST('/api/catalogue/{owner}/{scope}/items', { params: { path: ownerParams(owner) }, body }));
}

/** `PATCH .../items/{item}`: only the fields sent change; the type is not one of them. */
export function updateItem(owner: SupplierRef, itemId: string, body: UpdateItemBody): Promise<ItemJson> {
  return unwrap(
    api.PATCH('/api/catalogue/{owner}/{scope}/items/{item}', { params: { path: { ...ownerParams(owner), item: itemId } }, body }),
  );
}

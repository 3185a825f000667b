import type { ItemJson } from '@vitrina/contracts';
import type { CreateItemBody, UpdateItemBody } from '../domain/item-form';
import { api, unwrap } from '@/api/client';
import { ownerParams, type SupplierRef } from './http';

/**
 * The catalogue's CreateItemDto/UpdateItemDto describe their nullable fields (`experience_date`, `stock.available`,
 * `stock.max_purchase_amount`) as objects: their @ApiPropertyOptional in services/catalogue/src/items/http/item.dto.ts
 * lacks `type`, so the OpenAPI says `type: object`. Until those name their types, the body is checked against the
 * form's own types (CreateItemBody, UpdateItemBody) only; path, parameters and answer are checked by the OpenAPI's.
 */
function asDescribedBody<B extends object>(body: B): never {
  return body as never;
}

/** `POST .../items`: created unpublished. */
export function createItem(owner: SupplierRef, body: CreateItemBody): Promise<ItemJson> {
  return unwrap(api.POST('/api/catalogue/{owner}/{scope}/items', { params: { path: ownerParams(owner) }, body: asDescribedBody(body) }));
}

/** `PATCH .../items/{item}`: only the fields sent change; the type is not one of them. */
export function updateItem(owner: SupplierRef, itemId: string, body: UpdateItemBody): Promise<ItemJson> {
  return unwrap(api.PATCH('/api/catalogue/{owner}/{scope}/items/{item}', { params: { path: { ...ownerParams(owner), item: itemId } }, body: asDescribedBody(body) }));
}

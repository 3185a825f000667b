import { ErrorCodes } from '@vitrina/contracts';
import { DomainError, NotFoundError } from '@vitrina/platform';

export interface ShopForItems {
  ownerId: string;
  storeType: string;
  dssupplierId: string | null;
}

export interface ItemRefForRules {
  itemId: string;
  ownerId: string;
  listState: string;
  deleted: boolean;
}

/** The supplier whose products a franchise store shows (its own supplier, or the owner when unset). */
export function franchiseSupplier(shop: ShopForItems): string {
  return shop.dssupplierId ?? shop.ownerId;
}

/**
 * Whether a shop may show an item: it must exist; a franchise store accepts only its supplier's products
 * (spec 1 §5: `invalid_product`); another supplier's item must be published (own items may be added in any
 * state and show dimmed to the owner).
 */
export function checkAddable(shop: ShopForItems, itemId: string, ref: ItemRefForRules | undefined): void {
  if (!ref || ref.deleted) throw new NotFoundError(`Product ${itemId} not found`);
  if (shop.storeType === 'franchise' && ref.ownerId !== franchiseSupplier(shop)) {
    throw new DomainError(ErrorCodes.invalidProduct, 'Solo se pueden agregar productos del proveedor de la franquicia', 400);
  }
  if (ref.ownerId !== shop.ownerId && ref.listState !== 'published') {
    throw new DomainError(ErrorCodes.invalidProduct, 'El producto no está disponible para agregarse a la tienda', 400);
  }
}

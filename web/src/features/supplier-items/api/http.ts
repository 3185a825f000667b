import { ownerSegment } from '@/api/client';

/** The signed-in supplier and the account-type segment of the spec's owner paths (`/{owner}:{owner}/{type}/...`). */
export interface SupplierRef {
  ownerId: string;
  /** Not interpreted by the catalogue service; the session's account type. */
  accountType: string;
}

/**
 * Path parameters of `/api/catalogue/{owner}/{scope}/items...` (services/catalogue items.admin.controller): the
 * owner segment `{owner}:{owner}` and the account type. The generated OpenAPI types check the rest of each call.
 */
export function ownerParams(owner: SupplierRef): { owner: string; scope: string } {
  return { owner: ownerSegment(owner.ownerId), scope: owner.accountType };
}

/** Query parameters without the empty ones (undefined, null, ''), which the service would read as given. */
export function cleanQuery<Q extends object>(query: Q): { [K in keyof Q]?: Exclude<Q[K], undefined | null> } {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) as {
    [K in keyof Q]?: Exclude<Q[K], undefined | null>;
  };
}

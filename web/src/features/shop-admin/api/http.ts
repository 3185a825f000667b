import { ownerSegment } from '@/api/client';

/** Who acts: the signed-in owner and the account-type segment of the spec's owner paths. */
export interface OwnerRef {
  ownerId: string;
  /** `{type}` of `/{owner}:{owner}/{type}/...`; not interpreted by the services. */
  accountType: string;
}

/** Path parameters of the owner routes `/api/{store|catalogue}/{owner}/{scope}/...`: `{owner}:{owner}` and the account type. */
export function ownerParams(owner: OwnerRef): { owner: string; scope: string } {
  return { owner: ownerSegment(owner.ownerId), scope: owner.accountType };
}

/** Query parameters without the empty ones (undefined, null, ''), which the services would read as given. */
export function cleanQuery<Q extends object>(query: Q): { [K in keyof Q]?: Exclude<Q[K], undefined | null> } {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) as {
    [K in keyof Q]?: Exclude<Q[K], undefined | null>;
  };
}

import { WalletLimits, type WalletMovementList } from '@vitrina/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { walletKeys } from './keys';

const PAGE = WalletLimits.movementsPageSize;

/** `GET /accounts/{me}:{me}/wallets/{walletTypeId}/movements?offset&limit`: the wallet's entries, newest first. */
export function listMovements(userId: string, type: string, offset: number, limit = PAGE): Promise<WalletMovementList> {
  return unwrap(
    api.GET('/api/accounts/{me}/wallets/{walletTypeId}/movements', {
      params: { path: { me: ownerSegment(userId), walletTypeId: type }, query: { offset, limit } },
    }),
  );
}

function nextOffset(last: WalletMovementList, pages: WalletMovementList[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.results.length, 0);
  if (last.results.length < PAGE || loaded >= last.matches_estimated) return undefined;
  return loaded;
}

export function movementsQueryOptions(userId: string, type: string) {
  return infiniteQueryOptions({
    queryKey: walletKeys.movements(userId, type),
    queryFn: ({ pageParam }) => listMovements(userId, type, pageParam),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
  });
}

export function useMovements(userId: string, type: string) {
  return useInfiniteQuery(movementsQueryOptions(userId, type));
}

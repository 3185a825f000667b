import type { Wallet } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { walletKeys } from './keys';

/** `GET /accounts/{me}:{me}/wallets/{walletTypeId}` (spec 2 §3 'Wallet'): balance, available, held, next cut-off. */
export function getWallet(userId: string, type: string): Promise<Wallet> {
  return unwrap(
    api.GET('/api/accounts/{me}/wallets/{walletTypeId}', { params: { path: { me: ownerSegment(userId), walletTypeId: type } } }),
  );
}

export function walletQueryOptions(userId: string, type: string) {
  return queryOptions({ queryKey: walletKeys.detail(userId, type), queryFn: () => getWallet(userId, type) });
}

export function useWallet(userId: string, type: string) {
  return useQuery(walletQueryOptions(userId, type));
}

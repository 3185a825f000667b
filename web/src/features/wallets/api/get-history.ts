import { WalletLimits, type WalletHistory } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { walletKeys } from './keys';

/** `GET /accounts/{me}:{me}/wallets/{walletTypeId}/history?days`: the closing balance of each day with movements. */
export function getHistory(userId: string, type: string, days: number): Promise<WalletHistory> {
  return unwrap(
    api.GET('/api/accounts/{me}/wallets/{walletTypeId}/history', {
      params: { path: { me: ownerSegment(userId), walletTypeId: type }, query: { days } },
    }),
  );
}

export function historyQueryOptions(userId: string, type: string, days: number = WalletLimits.historyDaysDefault) {
  return queryOptions({ queryKey: walletKeys.history(userId, type, days), queryFn: () => getHistory(userId, type, days) });
}

export function useHistory(userId: string, type: string, days: number = WalletLimits.historyDaysDefault) {
  return useQuery(historyQueryOptions(userId, type, days));
}

import type { Cashout, CashoutList } from '@vitrina/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { walletKeys } from './keys';

export interface CashoutBody {
  amount_minor: number;
  clabe: string;
}

/** One key per cash-out typed (ARCHITECTURE §8 Idempotency-Key): a retry of the same request after no answer reuses it. */
const keys = new IdempotencyKeys();

/** `GET /accounts/{me}:{me}/wallets/{walletTypeId}/cashouts`: the user's cash-outs, newest first. */
export function listCashouts(userId: string, type: string): Promise<CashoutList> {
  return unwrap(
    api.GET('/api/accounts/{me}/wallets/{walletTypeId}/cashouts', {
      params: { path: { me: ownerSegment(userId), walletTypeId: type } },
    }),
  );
}

/** `POST /accounts/{me}:{me}/wallets/{walletTypeId}/cashouts` {amount_minor, clabe} + Idempotency-Key → 201 Cashout. */
export function requestCashout(userId: string, type: string, key: string, body: CashoutBody): Promise<Cashout> {
  return unwrap(
    api.POST('/api/accounts/{me}/wallets/{walletTypeId}/cashouts', {
      params: { path: { me: ownerSegment(userId), walletTypeId: type }, header: { 'Idempotency-Key': key } },
      body,
    }),
  );
}

export function cashoutsQueryOptions(userId: string, type: string) {
  return queryOptions({ queryKey: walletKeys.cashouts(userId, type), queryFn: () => listCashouts(userId, type) });
}

export function useCashouts(userId: string, type: string) {
  return useQuery(cashoutsQueryOptions(userId, type));
}

export function useRequestCashout(userId: string, type: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CashoutBody) => {
      const name = `cashout:${type}`;
      const key = keys.keyFor(name, body);
      try {
        const cashout = await requestCashout(userId, type, key, body);
        keys.settle(name);
        return cashout;
      } catch (error) {
        if (!isApiError(error) || !isRetryable(error.status, error.code)) keys.settle(name);
        throw error;
      }
    },
    // The balance, the movements and the list all changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.wallet(userId, type) }),
  });
}

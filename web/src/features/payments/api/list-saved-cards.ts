import type { SavedCardList } from '@vitrina/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { paymentKeys } from './keys';

/** `GET /payments/cards`: the signed-in user's saved cards (masked numbers only). */
export function listSavedCards(): Promise<SavedCardList> {
  return unwrap(api.GET('/api/payments/cards'));
}

export function useSavedCards(enabled = true) {
  return useQuery({ queryKey: paymentKeys.cards(), queryFn: listSavedCards, enabled });
}

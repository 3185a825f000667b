import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { paymentKeys } from './keys';

/** `DELETE /payments/cards/{card_id}` → 204. */
export async function deleteSavedCard(cardId: string): Promise<void> {
  await unwrap(api.DELETE('/api/payments/cards/{card_id}', { params: { path: { card_id: cardId } } }));
}

export function useDeleteSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedCard,
    // The payment page lists the saved cards too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

import type { ReturnRequest } from '@vitrina/contracts';
import { useMutation } from '@tanstack/react-query';
import { api, isApiError, ownerSegment, unwrap } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import type { ReturnSide } from './keys';
import { useRefreshReturn } from './return-actions';

/** What the seller writes on the return label: where the package goes and, when they bought one, the carrier's guide. */
export interface ReturnLabelBody {
  ship_to: string;
  carrier?: string;
  tracking_number?: string;
}

/** One key per label typed (ARCHITECTURE §8 Idempotency-Key): a retry of the same label after no answer reuses it. */
const labelKeys = new IdempotencyKeys();

/**
 * `POST .../returns/{id}/label` {ship_to, carrier?, tracking_number?} + Idempotency-Key → 201 ReturnRequest: the seller
 * (supplier) or the dropshipping supplier issues the label; a reissue replaces it while the request is open.
 */
export function issueLabel(
  side: Exclude<ReturnSide, 'customer'>,
  userId: string,
  id: string,
  key: string,
  body: ReturnLabelBody,
): Promise<ReturnRequest> {
  const params = { path: { me: ownerSegment(userId), id }, header: { 'Idempotency-Key': key } };
  if (side === 'seller') return unwrap(api.POST('/api/orders/admin/suppliers/{me}/returns/{id}/label', { params, body }));
  return unwrap(api.POST('/api/orders/{me}/dssupplier/returns/{id}/label', { params, body }));
}

/** `GET .../returns/{id}/label.pdf`: the label's bytes (a bearer call, so fetched rather than linked); 404 return_label_missing before it is issued. */
export function fetchLabelPdf(side: ReturnSide, userId: string, id: string): Promise<Blob> {
  const params = { path: { me: ownerSegment(userId), id } };
  if (side === 'customer') return unwrap<Blob>(api.GET('/api/orders/{me}/returns/{id}/label.pdf', { params, parseAs: 'blob' }));
  if (side === 'seller') {
    return unwrap<Blob>(api.GET('/api/orders/admin/suppliers/{me}/returns/{id}/label.pdf', { params, parseAs: 'blob' }));
  }
  return unwrap<Blob>(api.GET('/api/orders/{me}/dssupplier/returns/{id}/label.pdf', { params, parseAs: 'blob' }));
}

/** The file name the label is saved as (the same the server offers). */
export function labelFileName(id: string): string {
  return `guia-devolucion-${id.replace(/[^\w-]/g, '')}.pdf`;
}

export function useIssueLabel(side: Exclude<ReturnSide, 'customer'>, userId: string, id: string) {
  const { put, refresh } = useRefreshReturn(side, userId, id);
  return useMutation({
    mutationFn: async (body: ReturnLabelBody) => {
      const name = `label:${id}`;
      const key = labelKeys.keyFor(name, body);
      try {
        const issued = await issueLabel(side, userId, id, key, body);
        labelKeys.settle(name);
        return issued;
      } catch (error) {
        if (!isApiError(error) || !isRetryable(error.status, error.code)) labelKeys.settle(name);
        throw error;
      }
    },
    onSuccess: (request) => {
      put(request);
      // The answer has the label; reading it again also brings what changed meanwhile (a note, a refund).
      void refresh();
    },
    // A refusal (closed meanwhile, say) means the page is out of date: read it again.
    onError: () => void refresh(),
  });
}

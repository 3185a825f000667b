import { api, ownerSegment, unwrap } from '@/api/client';

export { saveFile } from '@/lib/save-file';

/** Whose copy: the customer's (`/{me}/orders/{id}`) or the seller's (`/admin/suppliers/{me}/orders/{id}`). */
export type ReceiptSide = 'customer' | 'seller';

/** `GET .../orders/{id}/receipt.pdf`: the receipt's bytes (a bearer call, so fetched rather than linked). */
export function fetchReceipt(userId: string, orderId: string, side: ReceiptSide): Promise<Blob> {
  const path = { me: ownerSegment(userId), id: orderId };
  if (side === 'customer') {
    return unwrap<Blob>(api.GET('/api/orders/{me}/orders/{id}/receipt.pdf', { params: { path }, parseAs: 'blob' }));
  }
  return unwrap<Blob>(api.GET('/api/orders/admin/suppliers/{me}/orders/{id}/receipt.pdf', { params: { path }, parseAs: 'blob' }));
}

/**
 * `/tienda/{shop}/comprar?checkout=<id>` (the cart sends the shopper here after creating the checkout). Without a
 * checkout id the page can create one itself once the shopper is signed in: for a cart order
 * (`?supplier=&dssupplier=`) or for one item bought at once (`?item=&amount=`, 'Comprar ahora').
 */
export interface CheckoutSearch {
  checkout?: string;
  supplier?: string;
  dssupplier?: string;
  item?: string;
  amount?: number;
  /** The payment token, in the path 3-D Secure and approval pages send the browser back to (issue 12). */
  payment?: string;
  /** Back from 3-D Secure or an approval page: the attempt to confirm, and whether its cancel path was taken. */
  payment_attempt?: string;
  payment_canceled?: boolean;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= 200 ? trimmed : undefined;
}

export function parseCheckoutSearch(search: Record<string, unknown>): CheckoutSearch {
  const result: CheckoutSearch = {};
  const checkout = text(search.checkout);
  if (checkout) result.checkout = checkout;
  const supplier = text(search.supplier);
  if (supplier) result.supplier = supplier;
  const dssupplier = text(search.dssupplier);
  if (dssupplier) result.dssupplier = dssupplier;
  const item = text(search.item);
  if (item) result.item = item;
  const amount = Number(search.amount);
  if (Number.isInteger(amount) && amount >= 1) result.amount = amount;
  const payment = text(search.payment);
  if (payment) result.payment = payment;
  const attempt = text(search.payment_attempt);
  if (attempt) result.payment_attempt = attempt;
  if (search.payment_canceled === 1 || search.payment_canceled === '1' || search.payment_canceled === true) result.payment_canceled = true;
  return result;
}

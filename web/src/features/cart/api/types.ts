/** The cart's answers, from the contract (libs/contracts/src/api/cart-checkout). */
export type { Cart, CartAdjustment, CartOrder, CartProduct, CartTotal, Checkout } from '@vitrina/contracts';

/** A line as the cart calls take it (add, merge, quote): an item, its chosen variant (absent: none) and the amount. */
export interface CartLineInput {
  item_id: string;
  amount: number;
  variant?: Record<string, string>;
}

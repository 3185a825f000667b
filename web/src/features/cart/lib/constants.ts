/** spec 1 §4, §9 'Cart reset 500 ms': after the panel closes, its request flag resets so the next opening fetches. */
export const CART_RESET_MS = 500;

/** spec 1 §8 'Quantity errors': a warning notice for 5 s. */
export const QUANTITY_WARNING_MS = 5_000;

/** spec 1 §8 'Cart checkout errors': a warning notice titled Error, 7 s. */
export const CHECKOUT_ERROR_MS = 7_000;

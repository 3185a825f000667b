import type { OrderPacking } from '@vitrina/contracts';
import { ME } from '@/test/account-fixtures';

export const OWNER = `${ME}:${ME}`;
export const PACKING = `/api/orders/${OWNER}/franchise/orders/ord_1`;

/** The server's first-fit proposal for 7 jarritos and 8 platos (12 units a package). */
export function proposal(): OrderPacking {
  return {
    packages: [
      {
        index: 1,
        length_cm: 60,
        width_cm: 40,
        height_cm: 45,
        weight_g: 12000,
        lines: [
          { line_id: 'l1', name: 'Jarrito', quantity: 7 },
          { line_id: 'l2', name: 'Plato', quantity: 5 },
        ],
      },
      { index: 2, length_cm: 60, width_cm: 40, height_cm: 15, weight_g: 3000, lines: [{ line_id: 'l2', name: 'Plato', quantity: 3 }] },
    ],
    not_packed: [],
  };
}

import { screen } from '@testing-library/react';
import { cartLineId } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { useCheckoutT } from '../i18n/texts';
import type { Checkout } from '../api/types';
import { checkoutFixture, productLine } from '../test/fixtures';
import { OrderSummary } from './order-summary';

function Summary({ checkout }: { checkout: Checkout }) {
  const { t } = useCheckoutT();
  return <OrderSummary checkout={checkout} t={t} language="es" opened onToggle={() => undefined} />;
}

describe('the order summary (spec 3 §2)', () => {
  it('shows each line with its chosen variant under the name; a line without one shows none', () => {
    const s = { Talla: 'S', Color: 'Rojo' };
    const m = { Talla: 'M', Color: 'Rojo' };
    const checkout = checkoutFixture({
      lines: [
        productLine(1, { id: 'shirt', name: 'Playera', line_id: cartLineId('shirt', s), variant: s }),
        productLine(2, { id: 'shirt', name: 'Playera', line_id: cartLineId('shirt', m), variant: m }),
        productLine(1),
      ],
    });
    renderUi(<Summary checkout={checkout} />);
    expect(screen.getAllByTestId('checkout-line')).toHaveLength(3);
    expect(screen.getAllByTestId('checkout-line-variant').map((line) => line.textContent)).toEqual([
      'Talla: S · Color: Rojo',
      'Talla: M · Color: Rojo',
    ]);
  });
});

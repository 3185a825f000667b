import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '@/test/render-ui';
import { useCheckoutT } from '../i18n/texts';
import { checkoutProgress } from '../lib/progress';
import { checkoutFixture } from '../test/fixtures';
import { PaymentSection } from './payment-section';

function Section({ types }: { types: string[] }) {
  const { t } = useCheckoutT();
  const checkout = checkoutFixture({ enabled_payment_types: types });
  return (
    <PaymentSection
      checkout={checkout}
      progress={checkoutProgress(checkout, { attendeesReviewed: false })}
      needsAttendees={false}
      needsDelivery
      t={t}
    />
  );
}

describe('the payment section before the checkout is ready (spec 3 §2)', () => {
  it('lists the supplier’s methods by name, pay-later ones included, none selectable', () => {
    renderUi(<Section types={['card', 'spei', 'ondelivery', 'deposit']} />);
    const radios = screen.getAllByTestId('payment-type');
    expect(radios.map((radio) => radio.closest('.mantine-Radio-root')?.textContent)).toEqual([
      'Tarjeta de crédito o débito',
      'Transferencia SPEI',
      'Pago contra entrega',
      'Depósito bancario',
    ]);
    expect(radios.every((radio) => (radio as HTMLInputElement).disabled)).toBe(true);
  });

  it('shows a method this build does not know as it came, rather than nothing', () => {
    renderUi(<Section types={['crypto']} />);
    expect(screen.getByTestId('payment-type').closest('.mantine-Radio-root')?.textContent).toBe('crypto');
  });
});

import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { attempt, PAGE_PATH, TOKEN } from '../test/fixtures';
import { PaymentReturn } from './payment-return';

const RETURN = `POST ${PAGE_PATH}/attempts/att_1/return`;

function renderReturn(canceled = false) {
  const onPaid = vi.fn();
  const onDone = vi.fn();
  renderUi(
    <PaymentReturn token={TOKEN} attemptId="att_1" canceled={canceled} onPaid={onPaid} onDone={onDone} pollMs={20} maxWaitMs={2_000} />,
  );
  return { onPaid, onDone };
}

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('coming back from 3-D Secure or an approval page (spec 3 §4 steps 3-6)', { timeout: 30_000 }, () => {
  it('asks the server once, says it is confirming, and goes to the paid page; the affiliate cookies go', async () => {
    document.cookie = 'referralID=ref-7; Path=/';
    const api = fakeApi({ [RETURN]: () => jsonResponse(200, attempt()) });
    const { onPaid, onDone } = renderReturn();
    expect(screen.getByText('Confirmando tu pago…')).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ id: 'att_1', status: 'succeeded' })));
    expect(api.callsTo(RETURN)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain('referralID');
  });

  it("shows a failed card's message and goes back to choose again", async () => {
    const show = vi.spyOn(notifications, 'show');
    fakeApi({
      [RETURN]: () =>
        jsonResponse(
          200,
          attempt({ status: 'failed', charge_id: null, error: { code: 'payment_contact_bank', message: 'Contact your bank' } }),
        ),
    });
    const { onPaid, onDone } = renderReturn();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onPaid).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        color: 'red',
        position: 'top-right',
        autoClose: 5_000,
        message: 'El intento de pago falló; comunícate con tu banco',
      }),
    );
  });

  it('says the payment was cancelled when the approval page was left', async () => {
    fakeApi({ [RETURN]: () => jsonResponse(200, attempt({ method: 'paypal', status: 'canceled', charge_id: null })) });
    const { onDone } = renderReturn(true);
    expect(await screen.findByText('Cancelaste el pago. Elige cómo quieres pagar.')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
  });

  it('waits while the provider is still deciding, then goes on', async () => {
    let polls = 0;
    const api = fakeApi({
      [RETURN]: () => jsonResponse(200, attempt({ status: 'processing' })),
      [`GET ${PAGE_PATH}/attempts/att_1`]: () => {
        polls += 1;
        return jsonResponse(200, attempt({ status: polls < 3 ? 'processing' : 'succeeded' }));
      },
    });
    const { onPaid } = renderReturn();
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(api.callsTo(`GET ${PAGE_PATH}/attempts/att_1`)).toHaveLength(3);
    expect(api.callsTo(RETURN)).toHaveLength(1);
  });

  it('reports a return the server refused as a start failure and goes back', async () => {
    fakeApi({ [RETURN]: () => jsonResponse(503, { code: 'payment_setup_failed', message: 'x' }) });
    const { onDone } = renderReturn();
    expect(await screen.findByText('No pudimos iniciar el pago. Elige otro método de pago o inténtalo más tarde')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
  });
});

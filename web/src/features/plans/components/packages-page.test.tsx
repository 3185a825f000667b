import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authModal } from '@/lib/auth-modal-store';
import { formatDate } from '@/lib/dates';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { buyCall, MEMBERSHIP_CALL, membershipFixture, packageFixture, PACKAGES_CALL, packagesAnswer } from '../test/fixtures';
import { PackagesPage } from './packages-page';

const PROFILE = `GET /api/profile-admin/${ME}:${ME}/${ME}`;
const WAIT = { timeout: 10_000 };
const CHARGE = '2026-12-27T18:00:00.000Z';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signedIn = (membership = membershipFixture()) => ({
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [PROFILE]: () => jsonResponse(200, adminProfile()),
  [PACKAGES_CALL]: packagesAnswer,
  [MEMBERSHIP_CALL]: () => jsonResponse(200, membership),
});

function renderPage(props: Partial<Parameters<typeof PackagesPage>[0]> = {}) {
  const onPaymentPage = vi.fn();
  renderUi(
    <PackagesPage
      onPaymentPage={onPaymentPage}
      paymentHref={(token) => `/me/payments/${token}`}
      registerNext={(id) => `/apps/paquetes?comprar=${id}`}
      {...props}
    />,
  );
  return onPaymentPage;
}

const card = async (id: string) => screen.findByTestId(`package-${id}`, {}, WAIT);
const buyButton = async (id: string) => within(await card(id)).getByRole('button');

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  vi.restoreAllMocks();
});

describe('the packages page (spec 2 §2 /apps/paquetes, issue 16)', { timeout: 20_000 }, () => {
  it('shows every package with its monthly price, resale commission and apps', async () => {
    fakeApi({ [PACKAGES_CALL]: packagesAnswer });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Elige el paquete para tu negocio' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Paquetes disponibles' }, WAIT);
    expect(within(list).getAllByRole('article')).toHaveLength(5);

    const micro = await card('micro');
    expect(within(micro).getByRole('heading', { name: 'Micro' })).toBeTruthy();
    expect(micro.textContent).toContain('$249.00/mes');
    expect(within(micro).getByRole('group', { name: '$249.00 al mes' })).toBeTruthy();
    expect(within(micro).getByTestId('package-rate').textContent).toBe('55 % del margen');
    const apps = within(micro).getByRole('list', { name: 'Incluye' });
    expect(
      within(apps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Facturación electrónica', 'Contabilidad electrónica', 'Nómina electrónica']);

    const store = await card('tienda_en_linea');
    expect(within(store).getByRole('heading', { name: 'Tienda en línea' })).toBeTruthy();
    expect(store.textContent).toContain('$399.00/mes');
    expect(within(store).getByTestId('package-rate').textContent).toBe('60 % del margen');
  });

  it('asks a visitor to sign up from a package, coming back to it', async () => {
    const open = vi.spyOn(authModal, 'open');
    const api = fakeApi({ [PACKAGES_CALL]: packagesAnswer });
    renderPage();
    const button = await buyButton('micro');
    await waitFor(() => expect(button.textContent).toBe('Regístrate ahora'), WAIT);
    fireEvent.click(button);
    expect(open).toHaveBeenLastCalledWith('register', { withTitle: true, next: '/apps/paquetes?comprar=micro' });
    fireEvent.click(within(screen.getByTestId('packages-visitor')).getByRole('button', { name: 'Iniciar sesión' }));
    expect(open).toHaveBeenLastCalledWith('login');
    expect(api.callsTo(MEMBERSHIP_CALL)).toHaveLength(0);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows placeholder cards while the packages load', () => {
    fakeApi({ [PACKAGES_CALL]: () => new Promise<Response>(() => {}) });
    renderPage();
    expect(screen.getByLabelText('Cargando los paquetes…').getAttribute('aria-busy')).toBe('true');
  });

  it('shows an error with a retry when the packages cannot load', async () => {
    let failing = true;
    fakeApi({ [PACKAGES_CALL]: () => (failing ? jsonResponse(503, { code: 'service_unavailable', message: 'down' }) : packagesAnswer()) });
    renderPage();
    const error = await screen.findByRole('alert', {}, WAIT);
    expect(within(error).getByRole('heading', { name: 'No pudimos cargar los paquetes' })).toBeTruthy();
    failing = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Reintentar' }));
    expect(await card('micro')).toBeTruthy();
  });

  it("shows the user's plan on top and marks its card, whose button is disabled", async () => {
    fakeApi(
      signedIn(
        membershipFixture({
          status: 'active',
          package: packageFixture('tienda_en_linea'),
          plan_commission_rate: '0.600000',
          charge_date: CHARGE,
        }),
      ),
    );
    renderPage();
    const summary = await screen.findByTestId('membership-summary', {}, WAIT);
    expect(within(summary).getByRole('heading', { name: 'Tu plan' })).toBeTruthy();
    expect(within(summary).getByTestId('membership-package').textContent).toBe('Tienda en línea');
    expect(within(summary).getByTestId('membership-status').textContent).toBe('Activo');
    expect(summary.textContent).toContain(`Próximo cobro:${formatDate(CHARGE, 'es')}`);
    expect(summary.textContent).toContain('Tus reventas ganan el 60 % del margen.');

    const current = await card('tienda_en_linea');
    await waitFor(() => expect(current.getAttribute('data-current')).toBe('true'), WAIT);
    expect(within(current).getByText('Tu plan actual')).toBeTruthy();
    const button = within(current).getByRole<HTMLButtonElement>('button', { name: 'Ya es tu plan' });
    expect(button.disabled).toBe(true);
    const other = (await buyButton('negocio_digital')) as HTMLButtonElement;
    expect(other.textContent).toBe('Comprar ahora');
    expect(other.disabled).toBe(false);
    expect((await card('micro')).getAttribute('data-current')).toBeNull();
  });

  it('links a renewal waiting to be paid, in grace', async () => {
    fakeApi(
      signedIn(
        membershipFixture({
          status: 'grace',
          package: packageFixture('micro'),
          charge_date: CHARGE,
          lapses_at: '2027-01-03T18:00:00.000Z',
          pending: { package_id: 'micro', kind: 'renewal', payment_token: 'tok-renew', expires_at: '2027-01-03T18:00:00.000Z' },
        }),
      ),
    );
    renderPage();
    const summary = await screen.findByTestId('membership-summary', {}, WAIT);
    expect(within(summary).getByTestId('membership-status').textContent).toBe('En periodo de gracia');
    expect(summary.textContent).toContain(`Paga la renovación antes del ${formatDate('2027-01-03T18:00:00.000Z', 'es')}`);
    expect(within(summary).getByRole('link', { name: 'Pagar renovación' }).getAttribute('href')).toBe('/me/payments/tok-renew');
  });

  it('links a purchase waiting to be paid, and shows a lapsed plan as Vencido', async () => {
    fakeApi(
      signedIn(
        membershipFixture({
          status: 'lapsed',
          package: packageFixture('micro'),
          pending: { package_id: 'negocio_digital', kind: 'purchase', payment_token: 'tok-buy', expires_at: '2027-01-03T18:00:00.000Z' },
        }),
      ),
    );
    renderPage();
    const summary = await screen.findByTestId('membership-summary', {}, WAIT);
    expect(within(summary).getByTestId('membership-status').textContent).toBe('Vencido');
    expect(summary.textContent).toContain('Tienes un pago pendiente del paquete Negocio digital.');
    expect(within(summary).getByRole('link', { name: 'Continuar con el pago' }).getAttribute('href')).toBe('/me/payments/tok-buy');
    expect(within(summary).queryByRole('link', { name: 'Pagar renovación' })).toBeNull();
    // a lapsed package is no longer the current one
    expect((await card('micro')).getAttribute('data-current')).toBeNull();
  });

  it('buys a package with an Idempotency-Key and opens its payment page', async () => {
    const api = fakeApi({
      ...signedIn(),
      [buyCall('micro')]: () => jsonResponse(201, { payment_token: 'tok-1', package_id: 'micro', expires_at: CHARGE }),
    });
    const onPaymentPage = renderPage();
    const button = await buyButton('micro');
    await waitFor(() => expect(button.textContent).toBe('Comprar ahora'), WAIT);
    fireEvent.click(button);
    await waitFor(() => expect(onPaymentPage).toHaveBeenCalledWith('tok-1'), WAIT);
    const [call] = api.callsTo(buyCall('micro'));
    expect(call?.request.headers.get('idempotency-key')).toMatch(UUID);
    expect(call?.request.headers.get('authorization')).toBe('Bearer token-1');
    // the membership is read again (a purchase is now waiting)
    await waitFor(() => expect(api.callsTo(MEMBERSHIP_CALL).length).toBeGreaterThanOrEqual(2), WAIT);
  });

  it('retries a click that got no answer with the same key; a new click after an answer gets a new one', async () => {
    let answers = 0;
    const api = fakeApi({
      ...signedIn(),
      [buyCall('micro')]: () => {
        answers += 1;
        if (answers === 1) return jsonResponse(503, { code: 'service_unavailable', message: 'down' });
        if (answers === 2) return jsonResponse(422, { code: 'validation_failed', message: 'Nope' });
        return jsonResponse(201, { payment_token: 'tok-3', package_id: 'micro', expires_at: CHARGE });
      },
    });
    const onPaymentPage = renderPage();
    const button = await buyButton('micro');
    await waitFor(() => expect(button.textContent).toBe('Comprar ahora'), WAIT);
    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo(buyCall('micro'))).toHaveLength(1), WAIT);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(button);
    await waitFor(() => expect(api.callsTo(buyCall('micro'))).toHaveLength(2), WAIT);
    expect(await screen.findByText('Nope', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(button);
    await waitFor(() => expect(onPaymentPage).toHaveBeenCalledWith('tok-3'), WAIT);
    const keys = api.callsTo(buyCall('micro')).map((call) => call.request.headers.get('idempotency-key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it("refuses a downgrade with the spec's warning: both plans and the charge date", async () => {
    fakeApi({
      ...signedIn(membershipFixture({ status: 'active', package: packageFixture('tienda_en_linea'), charge_date: CHARGE })),
      [buyCall('micro')]: () =>
        jsonResponse(409, {
          code: 'package_still_active_no_downgrade',
          message: 'Your Tienda en línea package is active until …',
          requested_package: { name: 'Micro' },
          current_package: { name: 'Tienda en línea' },
          charge_date: CHARGE,
        }),
    });
    const onPaymentPage = renderPage();
    const button = await buyButton('micro');
    await waitFor(() => expect(button.textContent).toBe('Comprar ahora'), WAIT);
    fireEvent.click(button);
    const warning = await screen.findByText(
      `Tu plan Tienda en línea vence el ${formatDate(CHARGE, 'es')}; podrás cambiar a Micro después de esa fecha.`,
      {},
      WAIT,
    );
    expect(warning).toBeTruthy();
    expect(screen.getByText('Aún no puedes cambiar de plan')).toBeTruthy();
    expect(onPaymentPage).not.toHaveBeenCalled();
  });

  it('says the downgrade refusal in English, the package names translated', async () => {
    fakeApi({
      ...signedIn(),
      [buyCall('plan_profesional')]: () =>
        jsonResponse(409, {
          code: 'package_still_active_no_downgrade',
          message: 'refused',
          requested_package: { name: 'Plan profesional' },
          current_package: { name: 'Negocio digital' },
          charge_date: CHARGE,
        }),
    });
    renderUi(<PackagesPage onPaymentPage={vi.fn()} paymentHref={(token) => `/me/payments/${token}`} />, 'en');
    const button = await buyButton('plan_profesional');
    await waitFor(() => expect(button.textContent).toBe('Buy now'), WAIT);
    fireEvent.click(button);
    expect(
      await screen.findByText(
        `Your Digital business plan expires on ${formatDate(CHARGE, 'en')}; you can change to Professional plan after that date.`,
        {},
        WAIT,
      ),
    ).toBeTruthy();
  });

  it('says when the package is already active, and fails with the generic texts', async () => {
    let answer: Response = jsonResponse(409, { code: 'package_already_active', message: 'active', charge_date: CHARGE });
    fakeApi({ ...signedIn(), [buyCall('micro')]: () => answer });
    renderPage();
    const button = await buyButton('micro');
    await waitFor(() => expect(button.textContent).toBe('Comprar ahora'), WAIT);
    fireEvent.click(button);
    expect(await screen.findByText(`Ya tienes este plan activo hasta el ${formatDate(CHARGE, 'es')}.`, {}, WAIT)).toBeTruthy();

    answer = jsonResponse(500, { code: 'internal', message: 'Internal error' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), WAIT);
    fireEvent.click(button);
    expect(await screen.findByText('No se pudo completar la compra del paquete', {}, WAIT)).toBeTruthy();
    expect(screen.getByText('¡Error en el pago!')).toBeTruthy();
  });

  it('opens the sign-in when the session ran out', async () => {
    const open = vi.spyOn(authModal, 'open');
    fakeApi({ ...signedIn(), [buyCall('micro')]: () => jsonResponse(401, { code: 'unauthorized', message: 'expired' }) });
    renderPage();
    const button = await buyButton('micro');
    await waitFor(() => expect(button.textContent).toBe('Comprar ahora'), WAIT);
    fireEvent.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledWith('login'), WAIT);
  });

  it('marks the package it was opened for', async () => {
    fakeApi({ [PACKAGES_CALL]: packagesAnswer });
    renderPage({ highlight: 'negocio_digital' });
    expect(within(await card('negocio_digital')).getByText('Seleccionado')).toBeTruthy();
    expect(within(await card('micro')).queryByText('Seleccionado')).toBeNull();
  });
});

import { rem } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '@/i18n/locales';
import { sessionStore } from '@/lib/session/session-store';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { PENDING_POLL_MS } from '../api/pending-alerts';
import { ALERTS, alert, alertList, alerts, PENDING, SEEN } from '../test/fixtures';
import { ALERTS_PANEL_WIDTH, AlertsBell } from './alerts-bell';

type Handler = (request: Request) => Response | Promise<Response>;

const SIGNED_IN: Record<string, Handler> = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const WAIT = { timeout: 10_000 };
const query = (request: Request) => new URL(request.url).searchParams;

/** The bell in a bare app shell (the header's slot), with a router so a click can navigate. */
function renderBell(handlers: Record<string, Handler>, locale: Locale = 'es') {
  const api = fakeApi(handlers);
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          <AlertsBell />
          <Outlet />
        </>
      ),
      notFoundComponent: () => null,
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const view = renderUi(<RouterProvider router={router} />, locale);
  return { ...view, api, router };
}

const bell = () => screen.findByRole('button', { name: 'Alertas' }, WAIT);
const badge = () => screen.queryByTestId('alerts-badge');
const openPanel = async () => {
  fireEvent.click(await bell());
  return screen.findByRole('dialog', { name: 'Alertas' }, WAIT);
};

beforeEach(resetAccountState);
afterEach(() => {
  vi.useRealTimers();
  resetAccountState();
});

describe('the bell (spec 2 §2 Bell alerts)', { timeout: 30_000 }, () => {
  it('shows the count of alerts not seen yet, and says it to a screen reader', async () => {
    renderBell({ ...SIGNED_IN, [`GET ${PENDING}`]: () => jsonResponse(200, { pending: 3 }) });
    const button = await bell();
    await waitFor(() => expect(badge()?.textContent).toBe('3'), WAIT);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('3 alertas nuevas');
  });

  it("says '9+' above nine, and hides the badge at zero", async () => {
    let pending = 12;
    renderBell({ ...SIGNED_IN, [`GET ${PENDING}`]: () => jsonResponse(200, { pending }) });
    await bell();
    await waitFor(() => expect(badge()?.textContent).toBe('9+'), WAIT);
    pending = 0;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(badge()).toBeNull(), WAIT);
    expect((await bell()).getAttribute('aria-describedby')).toBeNull();
  });

  it('reads the count on mount, when the window gets the focus back, and every minute while the tab is visible', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let pending = 1;
    const { api } = renderBell({ ...SIGNED_IN, [`GET ${PENDING}`]: () => jsonResponse(200, { pending }) });
    await waitFor(() => expect(badge()?.textContent).toBe('1'), WAIT);
    expect(api.callsTo(`GET ${PENDING}`)).toHaveLength(1);

    pending = 2;
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(badge()?.textContent).toBe('2'), WAIT);
    expect(api.callsTo(`GET ${PENDING}`)).toHaveLength(2);

    pending = 5;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    await waitFor(() => expect(badge()?.textContent).toBe('5'), WAIT);
    expect(api.callsTo(`GET ${PENDING}`)).toHaveLength(3);

    // A hidden tab is not polled.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 2));
    expect(api.callsTo(`GET ${PENDING}`)).toHaveLength(3);
    visibility.mockRestore();
  });

  it('is not there for a visitor, who makes no alerts call', async () => {
    const { api } = renderBell({});
    await waitFor(() => expect(sessionStore.getSnapshot().status).toBe('anonymous'), WAIT);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Alertas' })).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith('/api/alerts/'))).toEqual([]);
  });
});

describe('the alert panel (spec 2 §4 Alerts)', { timeout: 30_000 }, () => {
  it('opens 280 px wide, clears the badge at once and tells the server the alerts were seen', async () => {
    let answerSeen: (response: Response) => void = () => {};
    const { api } = renderBell({
      ...SIGNED_IN,
      [`GET ${PENDING}`]: () => jsonResponse(200, { pending: 4 }),
      [`POST ${SEEN}`]: () => new Promise<Response>((resolve) => (answerSeen = resolve)),
      [`GET ${ALERTS}`]: () => jsonResponse(200, alertList([alert()])),
    });
    await waitFor(() => expect(badge()?.textContent).toBe('4'), WAIT);
    const panel = await openPanel();
    // Before the server answers.
    await waitFor(() => expect(badge()).toBeNull());
    expect(api.callsTo(`POST ${SEEN}`)).toHaveLength(1);
    expect(ALERTS_PANEL_WIDTH).toBe(280);
    expect(panel.style.width).toBe(rem(280));
    expect(await within(panel).findByText('Tu pedido va en camino', {}, WAIT)).toBeTruthy();
    expect(within(panel).getByText('hace 5 min')).toBeTruthy();
    answerSeen(jsonResponse(200, { pending: 0 }));
    await waitFor(() => expect(badge()).toBeNull());
    const list = api.callsTo(`GET ${ALERTS}`)[0]!.request;
    expect([query(list).get('offset'), query(list).get('limit')]).toEqual(['0', '10']);
  });

  it("lists ten, and 'Ver más' loads the next ten (offset = the number loaded) while there are more", async () => {
    const { api } = renderBell({
      ...SIGNED_IN,
      [`GET ${PENDING}`]: () => jsonResponse(200, { pending: 0 }),
      [`POST ${SEEN}`]: () => jsonResponse(200, { pending: 0 }),
      [`GET ${ALERTS}`]: (request) => {
        const offset = Number(query(request).get('offset'));
        if (offset === 0) return jsonResponse(200, alertList(alerts(10, 1), 23));
        if (offset === 10) return jsonResponse(200, alertList(alerts(10, 11), 23));
        return jsonResponse(200, alertList(alerts(3, 21), 23));
      },
    });
    const panel = await openPanel();
    await waitFor(() => expect(within(panel).getAllByTestId('alert-item')).toHaveLength(10), WAIT);
    fireEvent.click(within(panel).getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(panel).getAllByTestId('alert-item')).toHaveLength(20), WAIT);
    fireEvent.click(within(panel).getByRole('button', { name: 'Ver más' }));
    await waitFor(() => expect(within(panel).getAllByTestId('alert-item')).toHaveLength(23), WAIT);
    expect(within(panel).queryByRole('button', { name: 'Ver más' })).toBeNull();
    expect(
      within(panel)
        .getAllByTestId('alert-message')
        .map((item) => item.textContent),
    ).toEqual(Array.from({ length: 23 }, (_, index) => `Alerta ${index + 1}`));
    expect(api.callsTo(`GET ${ALERTS}`).map((call) => query(call.request).get('offset'))).toEqual(['0', '10', '20']);
  });

  it("styles pending alerts (bold and a dot), in the reader's language, and says 'No message' for an empty one", async () => {
    renderBell(
      {
        ...SIGNED_IN,
        [`GET ${PENDING}`]: () => jsonResponse(200, { pending: 2 }),
        [`POST ${SEEN}`]: () => jsonResponse(200, { pending: 0 }),
        [`GET ${ALERTS}`]: () =>
          jsonResponse(
            200,
            alertList([
              alert({ id: 'alr_new' }),
              alert({ id: 'alr_old', pending_visits: false, message_body: { es: 'Pago recibido', en: '', 'es-AR': '' } }),
            ]),
          ),
      },
      'en',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Alerts' }, WAIT));
    const panel = await screen.findByRole('dialog', { name: 'Alerts' }, WAIT);
    const [fresh, old] = await within(panel).findAllByTestId('alert-item', {}, WAIT);
    expect(fresh!.hasAttribute('data-pending')).toBe(true);
    expect(fresh!.textContent).toContain('New: Your order is on its way');
    expect(fresh!.querySelector('[data-pending][aria-hidden]')).toBeTruthy();
    expect(within(fresh!).getByTestId('alert-message').style.fontWeight).toBe('700');
    expect(old!.hasAttribute('data-pending')).toBe(false);
    expect(within(old!).getByTestId('alert-message').textContent).toBe('No message');
    expect(old!.querySelector('[data-pending]')).toBeNull();
  });

  it('marks a clicked alert visited and goes to its link; one without a link is only marked', async () => {
    const { api, router } = renderBell({
      ...SIGNED_IN,
      [`GET ${PENDING}`]: () => jsonResponse(200, { pending: 2 }),
      [`POST ${SEEN}`]: () => jsonResponse(200, { pending: 0 }),
      [`GET ${ALERTS}`]: () =>
        jsonResponse(
          200,
          alertList([
            alert({ id: 'alr_nowhere', link: null, message_body: { es: 'Sin destino', en: '', 'es-AR': '' } }),
            alert({ id: 'alr_1' }),
          ]),
        ),
      [`PATCH ${ALERTS}/alr_nowhere`]: () => jsonResponse(200, alert({ id: 'alr_nowhere', link: null, pending_visits: false })),
      [`PATCH ${ALERTS}/alr_1`]: () => jsonResponse(200, alert({ pending_visits: false })),
    });
    const panel = await openPanel();
    const [nowhere, order] = await within(panel).findAllByTestId('alert-item', {}, WAIT);
    expect(nowhere!.tagName).toBe('BUTTON');
    expect(order!.getAttribute('href')).toBe('/mis-compras/ord_1');

    fireEvent.click(nowhere!);
    await waitFor(() => expect(api.callsTo(`PATCH ${ALERTS}/alr_nowhere`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${ALERTS}/alr_nowhere`)[0]!.body).toBeUndefined();
    await waitFor(() => expect(nowhere!.hasAttribute('data-pending')).toBe(false));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('dialog', { name: 'Alertas' })).toBeTruthy();

    // Keyboard reachable: a real link, focusable, that the router follows.
    order!.focus();
    expect(document.activeElement).toBe(order);
    fireEvent.click(order!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mis-compras/ord_1'), WAIT);
    await waitFor(() => expect(api.callsTo(`PATCH ${ALERTS}/alr_1`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${ALERTS}/alr_1`)[0]!.request.headers.get('authorization')).toBe('Bearer token-1');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Alertas' })).toBeNull());
  });

  it("says 'No tienes alertas' when there are none", async () => {
    renderBell({
      ...SIGNED_IN,
      [`GET ${PENDING}`]: () => jsonResponse(200, { pending: 0 }),
      [`POST ${SEEN}`]: () => jsonResponse(200, { pending: 0 }),
      [`GET ${ALERTS}`]: () => jsonResponse(200, alertList([])),
    });
    const panel = await openPanel();
    expect(await within(panel).findByText('No tienes alertas', {}, WAIT)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Ver más' })).toBeNull();
  });

  it("shows a skeleton while loading, says when loading fails, and 'Reintentar' tries again", async () => {
    let calls = 0;
    let answer: (response: Response) => void = () => {};
    renderBell({
      ...SIGNED_IN,
      [`GET ${PENDING}`]: () => jsonResponse(200, { pending: 1 }),
      [`POST ${SEEN}`]: () => jsonResponse(200, { pending: 0 }),
      [`GET ${ALERTS}`]: () =>
        ++calls === 1
          ? new Promise<Response>((resolve) => (answer = resolve))
          : jsonResponse(200, alertList([alert({ pending_visits: false })])),
    });
    const panel = await openPanel();
    expect(await within(panel).findByRole('status', { name: 'Cargando alertas…' }, WAIT)).toBeTruthy();
    answer(jsonResponse(500, { code: 'internal_error', message: 'boom' }));
    expect(await within(panel).findByText('No pudimos cargar tus alertas.', {}, WAIT)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Reintentar' }));
    expect(await within(panel).findByText('Tu pedido va en camino', {}, WAIT)).toBeTruthy();
  });
});

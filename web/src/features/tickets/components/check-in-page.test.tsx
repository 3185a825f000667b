import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { CHECKIN, attendant, checkInResult } from '../test/fixtures';
import { CheckInPage } from './check-in-page';

const SIGNED_IN = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult({ keychain: ['qrreader'] })),
  [`GET /api/profile-admin/${ME}:${ME}/${ME}`]: () => jsonResponse(200, adminProfile()),
};
const POST = `POST ${CHECKIN}`;
const WAIT = { timeout: 10_000 };
const CODE = attendant().qr_code;

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

const status = () => screen.getByTestId('checkin-status').getAttribute('data-status');

async function typeCode(code: string) {
  fireEvent.change(await screen.findByTestId('checkin-code', {}, WAIT), { target: { value: code } });
  fireEvent.click(screen.getByTestId('checkin-submit'));
}

describe('the door’s check-in (issue 13: scan the QR; first scan checks in, a second says already used)', { timeout: 30_000 }, () => {
  it('asks a visitor to sign in', async () => {
    fakeApi({});
    renderUi(<CheckInPage />);
    expect(await screen.findByText('Inicia sesión para registrar entradas', {}, WAIT)).toBeTruthy();
  });

  it('is ready, checks a typed code in (green), then says a second scan was already used (amber, with the time)', async () => {
    let used = false;
    const api = fakeApi({
      ...SIGNED_IN,
      [POST]: () => {
        const answer = jsonResponse(200, checkInResult(used ? 'already_used' : 'checked_in'));
        used = true;
        return answer;
      },
    });
    renderUi(<CheckInPage />);
    expect(await screen.findByText('Listo para escanear', {}, WAIT)).toBeTruthy();
    expect(status()).toBe('ready');

    await typeCode(`  ${CODE}\n`);
    await waitFor(() => expect(status()).toBe('checked_in'), WAIT);
    expect(screen.getByText('Entrada registrada')).toBeTruthy();
    expect(screen.getByText('Ana López · Cata de mezcal')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('checkin-code').value).toBe('');
    const first = api.callsTo(POST)[0]!;
    expect(first.body).toEqual({ code: CODE });
    const firstKey = first.request.headers.get('idempotency-key');
    expect(firstKey).toBeTruthy();

    fireEvent.click(screen.getByTestId('checkin-next'));
    expect(status()).toBe('ready');
    await typeCode(CODE);
    await waitFor(() => expect(status()).toBe('already_used'), WAIT);
    expect(screen.getByText('Boleto ya usado')).toBeTruthy();
    expect(screen.getByText(/^Ana López · usado el /)).toBeTruthy();
    // a new scan of the same code is a new request, not a replay of the first
    expect(api.callsTo(POST)[1]!.request.headers.get('idempotency-key')).not.toBe(firstKey);
  });

  it('says a forged or altered code is not valid (red), a scanner without the right is not allowed, a cancelled order admits no one', async () => {
    let answer = jsonResponse(422, { code: 'ticket_invalid', message: 'This is not a valid ticket' });
    fakeApi({ ...SIGNED_IN, [POST]: () => answer });
    renderUi(<CheckInPage />);
    await typeCode('vt1.att_1.forged');
    await waitFor(() => expect(status()).toBe('invalid'), WAIT);
    expect(screen.getByText('Boleto no válido')).toBeTruthy();

    fireEvent.click(screen.getByTestId('checkin-next'));
    answer = jsonResponse(403, { code: 'not_qr_reader', message: 'no' });
    await typeCode(CODE);
    await waitFor(() => expect(status()).toBe('not_allowed'), WAIT);
    expect(screen.getByText('Solo el proveedor de la experiencia o un lector QR puede registrar entradas.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('checkin-next'));
    answer = jsonResponse(409, { code: 'order_already_cancelled', message: 'cancelled' });
    await typeCode(CODE);
    await waitFor(() => expect(status()).toBe('cancelled'), WAIT);
    expect(screen.getByText('Pedido cancelado')).toBeTruthy();
  });

  it('asks for a code before sending an empty one', async () => {
    const api = fakeApi({ ...SIGNED_IN });
    renderUi(<CheckInPage />);
    await typeCode('   ');
    expect(await screen.findByText('Escribe el código del boleto')).toBeTruthy();
    expect(api.callsTo(POST)).toHaveLength(0);
    expect(status()).toBe('ready');
  });

  it('retries a scan whose answer never came with the same Idempotency-Key', async () => {
    let calls = 0;
    const api = fakeApi({
      ...SIGNED_IN,
      [POST]: () =>
        ++calls === 1
          ? jsonResponse(503, { code: 'service_unavailable', message: 'down' })
          : jsonResponse(200, checkInResult('checked_in')),
    });
    renderUi(<CheckInPage />);
    await typeCode(CODE);
    await waitFor(() => expect(status()).toBe('failed'), WAIT);
    expect(screen.getByTestId<HTMLInputElement>('checkin-code').value).toBe(CODE);
    fireEvent.click(screen.getByTestId('checkin-next'));
    fireEvent.click(screen.getByTestId('checkin-submit'));
    await waitFor(() => expect(status()).toBe('checked_in'), WAIT);
    const [first, second] = api.callsTo(POST);
    expect(second!.request.headers.get('idempotency-key')).toBe(first!.request.headers.get('idempotency-key'));
  });

  it('falls back to typing when there is no camera, or when its use is refused', async () => {
    fakeApi({ ...SIGNED_IN });
    const view = renderUi(<CheckInPage />);
    fireEvent.click(await screen.findByTestId('checkin-camera', {}, WAIT));
    await waitFor(() => expect(screen.getByTestId('checkin-camera-state').getAttribute('data-state')).toBe('unavailable'), WAIT);
    expect(screen.getByText('Este dispositivo no tiene una cámara disponible. Escribe el código del boleto.')).toBeTruthy();
    view.unmount();

    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
    renderUi(<CheckInPage />);
    fireEvent.click(await screen.findByTestId('checkin-camera', {}, WAIT));
    await waitFor(() => expect(screen.getByTestId('checkin-camera-state').getAttribute('data-state')).toBe('denied'), WAIT);
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    expect(screen.getByTestId('checkin-code')).toBeTruthy();
  });

  it('stops the camera when it is turned off', async () => {
    const stop = vi.fn();
    const stream = new MediaStream();
    // happy-dom's MediaStream has no tracks of its own: a camera track that records being stopped
    Object.defineProperty(stream, 'getTracks', { value: () => [{ stop }] });
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(() => Promise.resolve(stream)) } });
    fakeApi({ ...SIGNED_IN });
    renderUi(<CheckInPage />);
    fireEvent.click(await screen.findByTestId('checkin-camera', {}, WAIT));
    await waitFor(() => expect(screen.getByTestId('checkin-camera-state').getAttribute('data-state')).toBe('live'), WAIT);
    fireEvent.click(screen.getByTestId('checkin-camera'));
    expect(stop).toHaveBeenCalled();
  });
});

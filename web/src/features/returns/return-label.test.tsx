import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse } from '@/test/render-app';
import { renderUi, resetNotices } from '@/test/render-ui';
import type { ReturnSide } from './api/keys';
import { ReturnLabelCard, type SaveFile } from './components/return-label';
import { useReturnsT } from './i18n/texts';
import { DS_RETURNS, MY_RETURNS, returnLabel, returnRequest, SELLER_RETURNS } from './test/fixtures';

const WAIT = { timeout: 10_000 };
const pdfResponse = () =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200, headers: { 'content-type': 'application/pdf' } });

function Card({ side, save }: { side: ReturnSide; save: SaveFile }) {
  const { t, i18n } = useReturnsT();
  const request = returnRequest({ label: returnLabel(), viewer: side === 'seller' ? 'supplier' : side });
  return <ReturnLabelCard request={request} side={side} userId={ME} save={save} t={t} language={i18n.language} />;
}

beforeEach(resetAccountState);
afterEach(() => {
  resetAccountState();
  resetNotices();
});

/** The download, tried on the card itself with a spy in place of the browser's file hand-over (lib/save-file). */
describe("'Descargar guía (PDF)'", { timeout: 30_000 }, () => {
  it("fetches the customer's label, spins while it comes, and hands the PDF over under the server's name", async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({ [`GET ${MY_RETURNS}/ret_1/label.pdf`]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const save = vi.fn<SaveFile>();
    renderUi(<Card side="customer" save={save} />);
    const button = await screen.findByRole('button', { name: 'Descargar guía (PDF)' }, WAIT);
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'), WAIT);
    answer(pdfResponse());
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1), WAIT);
    expect(save.mock.calls[0]![1]).toBe('guia-devolucion-ret_1.pdf');
    expect(await save.mock.calls[0]![0].text()).toBe('%PDF-1.7');
    await waitFor(() => expect(button.getAttribute('data-loading')).toBeNull(), WAIT);
    expect(api.callsTo(`GET ${MY_RETURNS}/ret_1/label.pdf`)).toHaveLength(1);
  });

  it("fetches the seller's and the dropshipping supplier's copy from their own addresses", async () => {
    const api = fakeApi({
      [`GET ${SELLER_RETURNS}/ret_1/label.pdf`]: pdfResponse,
      [`GET ${DS_RETURNS}/ret_1/label.pdf`]: pdfResponse,
    });
    const save = vi.fn<SaveFile>();
    const seller = renderUi(<Card side="seller" save={save} />);
    fireEvent.click(await screen.findByTestId('return-label-download', {}, WAIT));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1), WAIT);
    seller.unmount();
    renderUi(<Card side="dssupplier" save={save} />);
    fireEvent.click(await screen.findByTestId('return-label-download', {}, WAIT));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2), WAIT);
    expect(api.calls.map((call) => call.path)).toEqual([`${SELLER_RETURNS}/ret_1/label.pdf`, `${DS_RETURNS}/ret_1/label.pdf`]);
  });

  it('says why when there is no label yet (404 return_label_missing), and that it failed otherwise', async () => {
    let calls = 0;
    fakeApi({
      [`GET ${MY_RETURNS}/ret_1/label.pdf`]: () =>
        ++calls === 1
          ? jsonResponse(404, { code: 'return_label_missing', message: 'The return label has not been issued yet' })
          : jsonResponse(503, { code: 'service_unavailable', message: 'down' }),
    });
    const save = vi.fn<SaveFile>();
    renderUi(<Card side="customer" save={save} />);
    fireEvent.click(await screen.findByTestId('return-label-download', {}, WAIT));
    expect(await screen.findByText('El vendedor todavía no emite la guía de devolución', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByTestId('return-label-download'));
    expect(await screen.findByText('No pudimos descargar la guía. Vuelve a intentarlo.', {}, WAIT)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});

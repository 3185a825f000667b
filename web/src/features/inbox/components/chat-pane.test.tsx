import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Conversation, Message } from '@vitrina/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { CID, conversationOf, messageOf, PEER, profileOf } from '../test/fixtures';

type Handler = (request: Request) => Response | Promise<Response>;
const WAIT = { timeout: 10_000 };
const OWNER_ITEM = '01930000-0000-7000-8000-000000000002';
const ITEM = '01930000-0000-7000-8001-000000000001';
const TAG = `product:${OWNER_ITEM}:${ITEM}`;
const me = `${ME}:${ME}`;

const conversation = (over: Partial<Conversation> = {}): Conversation =>
  conversationOf({
    profile: profileOf(PEER, 'Daniela Demo', { slug: 'demo', heartbeat: new Date().toISOString(), online: true }),
    ...over,
  });
const message = (id: string, owner: string, body: string, at: string, tags: string[] = []): Message =>
  messageOf(id, { owner, peer_name: owner === ME ? 'Carla' : 'Daniela Demo', body, created_at: at, tags });

const SIGNED_IN: Record<string, Handler> = {
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${me}/${ME}`]: () => jsonResponse(200, adminProfile()),
  [`GET /api/conversation/${me}/conversation`]: () => jsonResponse(200, { results: [conversation()], matches_estimated: 1 }),
  [`GET /api/conversation/${me}/conversation/${CID}`]: () => jsonResponse(200, conversation({ pending: 2 })),
  [`PATCH /api/conversation/${me}/conversation/${CID}`]: () => jsonResponse(200, conversation()),
  [`PUT /api/conversation/${me}/heartbeat`]: () => jsonResponse(200, { heartbeat: new Date().toISOString() }),
  [`GET /api/conversation/${me}/unread`]: () => jsonResponse(200, { pending: 0 }),
  // the live stream is down here: the chat polls (and says so)
  [`GET /api/conversation/${me}/live`]: () => jsonResponse(503, { code: 'service_unavailable', message: 'down' }),
  [`GET /api/catalogue/items/${OWNER_ITEM}/${ITEM}`]: () => jsonResponse(200, { id: ITEM, name: 'Jarrón de barro negro', photos: [] }),
  [`GET /api/messages/${me}/messages/${CID}/all`]: () =>
    jsonResponse(200, {
      results: [
        message('m2', PEER, 'Sí, lo tenemos en azul.', '2026-11-26T10:05:00.000Z'),
        message('m1', ME, '¿Lo tienen en azul?', '2026-11-25T09:00:00.000Z', [TAG]),
      ],
      matches_estimated: 2,
    }),
};

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('a conversation (/me/inbox/conversation/{id}, issue 15)', { timeout: 30_000 }, () => {
  it('shows the peer, the messages oldest first with day separators and the tag card, and reads it (pending 0)', async () => {
    const api = fakeApi(SIGNED_IN);
    renderApp(`/me/inbox/conversation/${CID}`);
    const pane = await screen.findByTestId('chat-pane', {}, WAIT);
    expect((await within(pane).findByTestId('chat-peer', {}, WAIT)).textContent).toBe('Daniela Demo');
    expect(within(pane).getByTestId('chat-presence').textContent).toBe('En línea');
    await waitFor(
      () =>
        expect(
          within(pane)
            .getAllByTestId('chat-message-body')
            .map((b) => b.textContent),
        ).toEqual(['¿Lo tienen en azul?', 'Sí, lo tenemos en azul.']),
      WAIT,
    );
    expect(within(pane).getAllByTestId('chat-day')).toHaveLength(2);
    const item = await within(pane).findByText('Jarrón de barro negro', {}, WAIT);
    // the tag card links to the item in the seller's shop
    expect(item.closest('a')?.getAttribute('href')).toBe(`/tienda/demo/productos/${OWNER_ITEM}/${ITEM}`);
    await waitFor(() => expect(api.callsTo(`PATCH /api/conversation/${me}/conversation/${CID}`)[0]?.body).toEqual({ pending: 0 }), WAIT);
    expect(await screen.findByText(/Sin conexión en tiempo real/, {}, WAIT)).toBeTruthy();
  });

  it('sends with Enter, with the pending tag and an Idempotency-Key that a retry after a failure reuses', async () => {
    let attempts = 0;
    const api = fakeApi({
      ...SIGNED_IN,
      [`POST /api/messages/${me}/messages/${CID}`]: async (request) => {
        attempts += 1;
        if (attempts === 1) return jsonResponse(503, { code: 'service_unavailable', message: 'down' });
        const body = (await request.json()) as { body: string; tags: string[] };
        return jsonResponse(201, message('m3', ME, body.body, new Date().toISOString(), body.tags));
      },
    });
    renderApp(`/me/inbox/conversation/${CID}?tag=${encodeURIComponent(TAG)}`);
    const chip = await screen.findByTestId('composer-tag', {}, WAIT);
    expect(await within(chip).findByText('Jarrón de barro negro', {}, WAIT)).toBeTruthy();
    const input = screen.getByTestId('composer-input');
    fireEvent.change(input, { target: { value: '¿Hacen envíos a Monterrey?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByTestId('composer-error', {}, WAIT)).toBeTruthy();
    // the text stays for the retry
    expect((input as HTMLTextAreaElement).value).toBe('¿Hacen envíos a Monterrey?');
    fireEvent.click(screen.getByTestId('composer-send'));
    await waitFor(() => expect(attempts).toBe(2), WAIT);
    const posts = api.callsTo(`POST /api/messages/${me}/messages/${CID}`);
    expect(posts.map((p) => p.body)).toEqual([
      { body: '¿Hacen envíos a Monterrey?', tags: [TAG] },
      { body: '¿Hacen envíos a Monterrey?', tags: [TAG] },
    ]);
    const keys = posts.map((p) => p.request.headers.get('idempotency-key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''), WAIT);
    expect(screen.queryByTestId('composer-tag')).toBeNull();
    // Shift+Enter is a new line, not a send
    fireEvent.change(input, { target: { value: 'línea' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(attempts).toBe(2);
  });

  it('keeps Send off while empty, counts down near the 4000-character limit and refuses a longer message', async () => {
    const api = fakeApi(SIGNED_IN);
    renderApp(`/me/inbox/conversation/${CID}`);
    const input = await screen.findByTestId('composer-input', {}, WAIT);
    const send = screen.getByTestId<HTMLButtonElement>('composer-send');
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'x'.repeat(3990) } });
    expect(await screen.findByText('Quedan 10 caracteres')).toBeTruthy();
    expect(send.disabled).toBe(false);
    fireEvent.change(input, { target: { value: 'x'.repeat(4001) } });
    expect(await screen.findByText(/demasiado largo/)).toBeTruthy();
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(api.callsTo(`POST /api/messages/${me}/messages/${CID}`)).toHaveLength(0);
  });

  it('says so when the conversation is not the user’s', async () => {
    fakeApi({
      ...SIGNED_IN,
      [`GET /api/conversation/${me}/conversation/${CID}`]: () =>
        jsonResponse(404, { code: 'conversation_not_found', message: 'No such conversation' }),
    });
    renderApp(`/me/inbox/conversation/${CID}`);
    expect(await screen.findByTestId('chat-not-found', {}, WAIT)).toBeTruthy();
  });
});

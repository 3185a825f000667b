import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Conversation } from '@vitrina/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthModalState } from '@/lib/auth-modal-store';
import { adminProfile, authResult, fakeApi, ME, resetAccountState } from '@/test/account-fixtures';
import { jsonResponse, renderApp } from '@/test/render-app';
import { renderUi } from '@/test/render-ui';
import { conversationOf, PEER, profileOf } from '../test/fixtures';
import { AskSellerButton } from './ask-seller-button';

type Handler = (request: Request) => Response | Promise<Response>;
const WAIT = { timeout: 10_000 };
const OTHER = '01930000-0000-7000-8000-0000000000cc';
const NEW_CID = '01a21a00-0000-7000-8000-000000000002';
const me = `${ME}:${ME}`;

const profile = (id: string, name: string) => profileOf(id, name);
const conversation = (over: Partial<Conversation> = {}): Conversation =>
  conversationOf({
    pending: 2,
    last_message_teaser: 'foto.jpg',
    last_message_sender: PEER,
    last_message_kind: 'image',
    last_message_date: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    ...over,
  });

const signedIn = (list: Handler, extra: Record<string, Handler> = {}) => ({
  'POST /api/auth/refresh': () => jsonResponse(200, authResult()),
  [`GET /api/profile-admin/${me}/${ME}`]: () => jsonResponse(200, adminProfile()),
  [`GET /api/conversation/${me}/conversation`]: list,
  [`GET /api/conversation/${me}/unread`]: () => jsonResponse(200, { pending: 2 }),
  [`GET /api/conversation/${me}/live`]: () => jsonResponse(503, { code: 'service_unavailable', message: 'down' }),
  ...extra,
});

beforeEach(resetAccountState);
afterEach(resetAccountState);

describe('the inbox (/me/inbox/messages, issue 15)', { timeout: 30_000 }, () => {
  it('lists the conversations with their unread badge and media teaser, and hints how to start one', async () => {
    fakeApi(signedIn(() => jsonResponse(200, { results: [conversation()], matches_estimated: 1 })));
    renderApp('/me/inbox/messages');
    const row = await screen.findByTestId('inbox-conversation', {}, WAIT);
    expect(within(row).getByText('Daniela Demo')).toBeTruthy();
    expect(within(row).getByTestId('inbox-unread').textContent).toBe('2');
    expect(within(row).getByRole('img', { name: 'Imagen' })).toBeTruthy();
    expect(within(row).getByTestId('inbox-teaser').textContent).toContain('foto.jpg');
    expect(screen.getByTestId('inbox-hint')).toBeTruthy();
  });

  it('says when there are no conversations yet', async () => {
    fakeApi(signedIn(() => jsonResponse(200, { results: [], matches_estimated: 0 })));
    renderApp('/me/inbox/messages');
    expect(await screen.findByTestId('inbox-empty', {}, WAIT)).toBeTruthy();
  });

  it('offers people when the search matches no conversation, and opens a conversation with one', async () => {
    const api = fakeApi(
      signedIn(
        (request) => {
          const filter = new URL(request.url).searchParams.get('filter');
          return jsonResponse(200, filter ? { results: [], matches_estimated: 0 } : { results: [conversation()], matches_estimated: 1 });
        },
        {
          [`GET /api/conversation/${me}/people`]: () =>
            jsonResponse(200, { results: [profile(OTHER, 'Tienda Olmo')], matches_estimated: 1 }),
          [`PUT /api/conversation/${me}/conversation`]: () =>
            jsonResponse(200, conversation({ id: NEW_CID, profile: profile(OTHER, 'Tienda Olmo'), peer_name: 'Tienda Olmo', pending: 0 })),
          [`GET /api/conversation/${me}/conversation/${NEW_CID}`]: () =>
            jsonResponse(200, conversation({ id: NEW_CID, profile: profile(OTHER, 'Tienda Olmo'), peer_name: 'Tienda Olmo', pending: 0 })),
          [`GET /api/messages/${me}/messages/${NEW_CID}/all`]: () => jsonResponse(200, { results: [], matches_estimated: 0 }),
          [`PUT /api/conversation/${me}/heartbeat`]: () => jsonResponse(200, { heartbeat: new Date().toISOString() }),
        },
      ),
    );
    renderApp('/me/inbox/messages');
    await screen.findByTestId('inbox-conversation', {}, WAIT);
    fireEvent.change(screen.getByTestId('inbox-filter'), { target: { value: 'olmo' } });
    const person = await screen.findByTestId('inbox-person', {}, WAIT);
    expect(person.textContent).toContain('Tienda Olmo');
    const searches = api.calls.filter(
      (c) => c.path === `/api/conversation/${me}/conversation` && new URL(c.request.url).searchParams.get('filter'),
    );
    // the 200 ms debounce: one search for the whole word
    expect(searches.map((c) => new URL(c.request.url).searchParams.get('filter'))).toEqual(['olmo']);
    fireEvent.click(person);
    await waitFor(() => expect(api.callsTo(`PUT /api/conversation/${me}/conversation`)[0]?.body).toEqual({ peer: OTHER }), WAIT);
    expect((await screen.findByTestId('chat-peer', {}, WAIT)).textContent).toBe('Tienda Olmo');
  });
});

function ModalView() {
  return <span data-testid="modal-view">{useAuthModalState().view ?? 'closed'}</span>;
}

describe("'Preguntar al vendedor' (issue 15)", () => {
  it('asks a visitor to sign in first', async () => {
    const api = fakeApi({});
    renderUi(
      <>
        <AskSellerButton sellerId={PEER} tag={`product:${PEER}:x`} onOpened={() => undefined} />
        <ModalView />
      </>,
    );
    fireEvent.click(await screen.findByTestId('ask-seller'));
    expect(screen.getByTestId('modal-view').textContent).toBe('login');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProvider } from '@/app/provider';
import { createI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import { jsonResponse, stubFetch } from './render-app';

// happy-dom has no document.fonts, which Mantine's autosize textarea listens to.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

/** Renders components (no router) with the app's providers: i18n, Mantine in test mode, a fresh query client. */
export function renderUi(ui: ReactNode, locale: Locale = 'es') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProvider queryClient={queryClient} i18n={createI18n(locale)} env="test">
      {ui}
    </AppProvider>,
  );
  return { ...view, queryClient };
}

/** Mantine's notifications live outside the rendered tree: clear them between tests. */
export function resetNotices(): void {
  cleanNotifications();
  cleanNotificationsQueue();
}

type Handler = (request: Request, url: URL) => Response | object | Promise<Response | object>;

export interface Call {
  key: string;
  url: URL;
  body: unknown;
}

/**
 * A fake gateway: `'PATCH /api/store/…': (request) => body or Response`. Unhandled calls answer 404 (the auth
 * refresh included). `callsTo('PATCH /…')` lists the calls made, with their JSON bodies (or text).
 */
export function fakeGateway(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const fetchMock = stubFetch(async (request) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = await request.clone().text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    calls.push({ key, url, body });
    const handler = handlers[key];
    if (!handler) return jsonResponse(404, { code: 'not_found', message: key });
    const answer = await handler(request, url);
    return answer instanceof Response ? answer : jsonResponse(200, answer);
  });
  return { fetchMock, calls, callsTo: (key: string) => calls.filter((call) => call.key === key) };
}

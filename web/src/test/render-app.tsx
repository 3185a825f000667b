import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { createI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';

/** Renders the whole app (providers + real route tree) at `path`, in memory. */
export function renderApp(path: string, { locale = 'es' }: { locale?: Locale } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = createI18n(locale);
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <AppProvider queryClient={queryClient} i18n={i18n} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, i18n, queryClient };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Replaces the global fetch the API client calls; returns the mock to inspect requests. */
export function stubFetch(answer: (request: Request) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(input instanceof Request ? input : new Request(input, init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

import type { ListResponse } from '@vitrina/contracts';
import { jsonResponse, stubFetch } from '@/test/render-app';

type Handler = (url: URL, request: Request) => unknown;

/**
 * A fake gateway for storefront tests: `routes` maps a path pattern (`/api/catalogue/shops/:shop/items`) to the
 * JSON it answers; anything else is a 404 (the auth refresh included, so the visitor is anonymous).
 */
export function fakeApi(routes: Record<string, Handler | object>) {
  const compiled = Object.entries(routes).map(([pattern, answer]) => ({
    regex: new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`),
    answer,
  }));
  return stubFetch((request) => {
    const url = new URL(request.url);
    const route = compiled.find(({ regex }) => regex.test(url.pathname));
    if (!route) return jsonResponse(404, { code: 'not_found', message: `no fake for ${url.pathname}` });
    const body = typeof route.answer === 'function' ? (route.answer as Handler)(url, request) : route.answer;
    if (body instanceof Response) return body;
    return jsonResponse(200, body);
  });
}

/** The query of the calls made to a path, in order. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, pathname: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL((input as Request).url))
    .filter((url) => url.pathname === pathname)
    .map((url) => url.searchParams);
}

export type { ListResponse };

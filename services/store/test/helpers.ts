import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type {
  StoreItemsChanged,
  StoreShopBannerChanged,
  StoreShopBannerDeleted,
  StoreShopCreated,
  StoreShopHeaderChanged,
  StoreShopUpdated,
  StoreShopVisited,
} from '@vitrina/contracts';
import { TokenSigner, type Runtime, type UserLevel } from '@vitrina/platform';

/** The data of each event type the store writes to its outbox (libs/contracts/src/store-events.ts). */
export type StoreEventData = {
  'store.shop.created': StoreShopCreated;
  'store.shop.updated': StoreShopUpdated;
  'store.shop.visited': StoreShopVisited;
  'store.shop.banner-created': StoreShopBannerChanged;
  'store.shop.banner-updated': StoreShopBannerChanged;
  'store.shop.banner-deleted': StoreShopBannerDeleted;
  'store.shop.header-created': StoreShopHeaderChanged;
  'store.shop.header-updated': StoreShopHeaderChanged;
  'store.shop.header-deleted': StoreShopHeaderChanged;
  'store.items.added': StoreItemsChanged;
  'store.items.removed': StoreItemsChanged;
};

/** Signs access tokens with the test runtime's generated key pair. */
export function tokens(runtime: Runtime) {
  const signer = TokenSigner.fromKeys(runtime.keys, { issuer: runtime.config.AUTH_ISSUER, audience: runtime.config.AUTH_AUDIENCE });
  return async (id: string, level: UserLevel = 2, keychain: string[] = []) => `Bearer ${await signer.sign({ id, level, keychain })}`;
}

/** Polls `check` until it returns a truthy value (events cross the bus asynchronously). */
export async function eventually<T>(check: () => Promise<T | undefined | false | null>, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > until)
      throw new Error(
        `condition not met within ${timeoutMs} ms${last ? `: ${last instanceof Error ? last.message : JSON.stringify(last)}` : ''}`,
      );
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export type App = NestFastifyApplication;

export async function json<T = any>(
  app: App,
  method: string,
  url: string,
  opts: { auth?: string; payload?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: opts.auth ? { authorization: opts.auth } : {},
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json<T>() : (undefined as T) };
}

/** A multipart/form-data body as a browser would send it. */
export function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer }>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----vitrina${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`),
      );
      chunks.push(p.data);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(app: App, url: string, auth: string | undefined, parts: Parameters<typeof multipart>[0]) {
  const body = multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(auth ? { authorization: auth } : {}) },
  });
  return { status: res.statusCode, body: res.body ? res.json<any>() : undefined };
}

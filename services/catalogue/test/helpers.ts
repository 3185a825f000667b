import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TokenSigner, type Runtime, type UserLevel } from '@vitrina/platform';

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

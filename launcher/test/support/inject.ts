import type { NestFastifyApplication } from '@nestjs/platform-fastify';

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One request to an in-process service app: the bearer token, an Idempotency-Key, other headers and a JSON body. */
export async function call(
  app: NestFastifyApplication,
  method: string,
  url: string,
  o: { auth?: string; body?: object; key?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(o.auth ? { authorization: `Bearer ${o.auth}` } : {}),
      ...(o.key ? { 'idempotency-key': o.key } : {}),
      ...o.headers,
    },
    ...(o.body ? { payload: o.body } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json<unknown>() : undefined };
}

/** Polls `check` until it answers something truthy (events cross the bus asynchronously). */
export async function eventually<T>(check: () => Promise<T | undefined | false | null>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

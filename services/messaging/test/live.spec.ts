import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Conversation, LiveMessageEvent } from '@vitrina/contracts';
import { createServiceApp, newId, TokenSigner } from '@vitrina/platform';
import { servicesRequired } from '@vitrina/platform/testing';
import { alerts, presence } from '../src/db/schema.js';
import { LiveStreams } from '../src/conversations/live/live-streams.js';
import { createMessagingService } from '../src/messaging.module.js';
import { bootStack, registerUser, waitFor, type Stack } from './support.js';

interface SseEvent {
  event: string;
  data: string;
}

/** A live stream read over a real socket: its headers, the events and comments received so far. */
interface Stream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  next(event: string, match?: (data: any) => boolean, ms?: number): Promise<any>;
  close(): void;
}

async function openStream(base: string, path: string, authorization: string): Promise<Stream> {
  const abort = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: { authorization, accept: 'text/event-stream' }, signal: abort.signal });
  const events: SseEvent[] = [];
  const comments: string[] = [];
  if (res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = 'message';
            const data: string[] = [];
            for (const line of frame.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length) events.push({ event, data: data.join('\n') });
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    status: res.status,
    headers: res.headers,
    events,
    comments,
    next: (event, match = () => true, ms = 5000) =>
      waitFor(
        async () => {
          const found = events.find((e) => e.event === event && match(JSON.parse(e.data)));
          return found ? JSON.parse(found.data) : undefined;
        },
        ms,
        `live event ${event}`,
      ),
    close: () => abort.abort(),
  };
}

describe('live delivery: GET /conversation/{me}:{key}/live (issue 15; Server-Sent Events)', () => {
  let s: Stack;
  let base: string;
  let signer: TokenSigner;
  const ana = newId();
  const beto = newId();
  const auth = async (id: string) => `Bearer ${await signer.sign({ id, level: 1, keychain: [] })}`;
  const me = (id: string) => `${id}:${id}`;

  const register = registerUser;
  const inject = async (app: NestFastifyApplication, method: 'PUT' | 'POST' | 'PATCH', url: string, as: string, payload: object) => {
    const res = await app.inject({ method, url, headers: { authorization: await auth(as) }, payload });
    return { status: res.statusCode, body: JSON.parse(res.body || 'null') };
  };

  let conversation: Conversation;

  beforeAll(async () => {
    s = await bootStack({ env: { LIVE_PING_MS: '100' } });
    signer = TokenSigner.fromKeys(s.runtime.keys, { issuer: s.runtime.config.AUTH_ISSUER, audience: s.runtime.config.AUTH_AUDIENCE });
    await s.messaging.listen(0, '127.0.0.1');
    base = await s.messaging.getUrl();
    base = base.replace('[::1]', '127.0.0.1');
    await register(s, ana, 'Ana Live');
    await register(s, beto, 'Beto Live');
    conversation = (await inject(s.messaging, 'PUT', `/conversation/${me(ana)}/conversation`, ana, { peer: beto })).body;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers an event stream (no caching, no proxy buffering), pings, marks the user online, and cleans up on close', async () => {
    const streams = s.messaging.get(LiveStreams);
    const stream = await openStream(base, `/conversation/${me(beto)}/live`, await auth(beto));
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-cache');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    await waitFor(async () => (stream.comments.includes('ping') ? true : undefined), 5000, 'a ping');
    const [seen] = await s.db.select().from(presence).where(eq(presence.userId, beto));
    expect(Date.now() - seen.heartbeatAt.getTime()).toBeLessThan(5000);
    expect(streams.count).toBe(1);
    stream.close();
    await waitFor(async () => (streams.count === 0 ? true : undefined), 5000, 'the stream closed');
  });

  it('refuses another user (403) and no token (401) before any stream opens', async () => {
    const other = await fetch(`${base}/conversation/${me(ana)}/live`, { headers: { authorization: await auth(beto) } });
    expect(other.status).toBe(403);
    expect((await other.json()).code).toBeDefined();
    const anon = await fetch(`${base}/conversation/${me(ana)}/live`);
    expect(anon.status).toBe(401);
  });

  it('delivers a message to the recipient and to the sender’s own streams; the open stream counts as online (no alert)', async () => {
    // no heartbeat ever: the open stream is beto's only sign of life
    await s.db.delete(presence).where(eq(presence.userId, beto));
    const toBeto = await openStream(base, `/conversation/${me(beto)}/live`, await auth(beto));
    const toAna = await openStream(base, `/conversation/${me(ana)}/live`, await auth(ana));
    const sent = await inject(s.messaging, 'POST', `/messages/${me(ana)}/messages/${conversation.id}`, ana, { body: 'hola en vivo' });
    expect(sent.status).toBe(201);
    const got: LiveMessageEvent = await toBeto.next('message', (d: LiveMessageEvent) => d.message.id === sent.body.id);
    expect(got.message).toEqual(sent.body);
    expect(got.conversation).toMatchObject({ id: conversation.id, pending: 1, peer_name: 'Ana Live', last_message_teaser: 'hola en vivo' });
    const own: LiveMessageEvent = await toAna.next('message', (d: LiveMessageEvent) => d.message.id === sent.body.id);
    expect(own.conversation).toMatchObject({ pending: 0, peer_name: 'Beto Live' });
    expect(await s.db.select().from(alerts).where(eq(alerts.userId, beto))).toHaveLength(0);
    // reading it elsewhere tells the reader's streams
    await inject(s.messaging, 'PATCH', `/conversation/${me(beto)}/conversation/${conversation.id}`, beto, { pending: 0 });
    const read: Conversation = await toBeto.next('conversation', (c: Conversation) => c.id === conversation.id && c.pending === 0);
    expect(read.pending).toBe(0);
    toBeto.close();
    toAna.close();
  });

  it('Redis unreachable in cluster mode: the stream still opens and pings, and a send is committed (the web polls)', async () => {
    const env = { NODE_ENV: 'test', LIVE_HUB: 'redis', REDIS_URL: 'redis://127.0.0.1:9', LIVE_PING_MS: '100' };
    const down = (await createServiceApp(createMessagingService({ env }), s.runtime)).app;
    try {
      await down.listen(0, '127.0.0.1');
      const downBase = (await down.getUrl()).replace('[::1]', '127.0.0.1');
      const stream = await openStream(downBase, `/conversation/${me(beto)}/live`, await auth(beto));
      expect(stream.status).toBe(200);
      await waitFor(async () => (stream.comments.includes('ping') ? true : undefined), 10_000, 'a ping');
      const sent = await inject(down, 'POST', `/messages/${me(ana)}/messages/${conversation.id}`, ana, { body: 'sin redis' });
      expect(sent.status).toBe(201);
      stream.close();
    } finally {
      await down.close();
    }
  });

  describe('cluster mode (LIVE_HUB=redis): two messaging instances sharing Redis', () => {
    let a: NestFastifyApplication | undefined;
    let b: NestFastifyApplication | undefined;
    const redisUrl = process.env.REDIS_URL;

    beforeAll(async () => {
      if (!redisUrl) return;
      const env = { NODE_ENV: 'test', LIVE_HUB: 'redis', REDIS_URL: redisUrl, LIVE_PING_MS: '100' };
      a = (await createServiceApp(createMessagingService({ env }), s.runtime)).app;
      b = (await createServiceApp(createMessagingService({ env }), s.runtime)).app;
      await b.listen(0, '127.0.0.1');
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
    });

    it('a stream on instance B gets a message sent through instance A', async () => {
      if (!redisUrl) {
        if (servicesRequired()) throw new Error('REDIS_URL is required (REQUIRE_SERVICES=1)');
        return;
      }
      const bBase = (await b!.getUrl()).replace('[::1]', '127.0.0.1');
      const stream = await openStream(bBase, `/conversation/${me(beto)}/live`, await auth(beto));
      expect(stream.status).toBe(200);
      await inject(a!, 'PATCH', `/conversation/${me(beto)}/conversation/${conversation.id}`, beto, { pending: 0 });
      const sent = await inject(a!, 'POST', `/messages/${me(ana)}/messages/${conversation.id}`, ana, { body: 'desde la instancia A' });
      expect(sent.status).toBe(201);
      const got: LiveMessageEvent = await stream.next('message', (d: LiveMessageEvent) => d.message.id === sent.body.id);
      expect(got.message.body).toBe('desde la instancia A');
      expect(got.conversation.pending).toBe(1);
      stream.close();
      await waitFor(async () => (b!.get(LiveStreams).count === 0 ? true : undefined), 5000, 'the stream on B closed');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq } from 'drizzle-orm';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Conversation, ErrorBody, LiveMessageEvent } from '@vitrina/contracts';
import { CONFIG, createLogger, createServiceApp, newId, TokenSigner, type PlatformConfig } from '@vitrina/platform';
import { Redis } from 'ioredis';
import { servicesRequired } from '@vitrina/platform/testing';
import { alerts, presence } from '../src/db/schema.js';
import { LiveStreams } from '../src/conversations/live/live-streams.js';
import { LiveHub, liveChannel, RedisLiveHub, streamsChannel, type LiveEvent } from '../src/conversations/live/live-hub.js';
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
    expect(((await other.json()) as ErrorBody).code).toBeDefined();
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

    it('publishes nothing for a send when no instance holds a stream of either participant', async () => {
      if (!redisUrl) {
        if (servicesRequired()) throw new Error('REDIS_URL is required (REQUIRE_SERVICES=1)');
        return;
      }
      const hubA = a!.get(LiveHub);
      await hubA.ready();
      // past A's warm-up, and B's stream of beto (previous test) announced closed
      await waitFor(async () => (!hubA.wants(newId()) && !hubA.wants(beto) ? true : undefined), 5000, 'A past its warm-up');
      const listener = new Redis(redisUrl);
      const heard: string[] = [];
      try {
        listener.on('message', (_channel: string, raw: string) => heard.push(raw));
        await listener.subscribe(liveChannel(a!.get<PlatformConfig>(CONFIG).REDIS_PREFIX));
        const sent = await inject(a!, 'POST', `/messages/${me(ana)}/messages/${conversation.id}`, ana, { body: 'nadie mira' });
        expect(sent.status).toBe(201);
        await new Promise((r) => setTimeout(r, 200));
        expect(heard).toEqual([]);
        // a stream opening on B is known to A as soon as it answers: the next send reaches it
        const bBase = (await b!.getUrl()).replace('[::1]', '127.0.0.1');
        const stream = await openStream(bBase, `/conversation/${me(beto)}/live`, await auth(beto));
        const next = await inject(a!, 'POST', `/messages/${me(ana)}/messages/${conversation.id}`, ana, { body: 'ahora sí' });
        const got: LiveMessageEvent = await stream.next('message', (d: LiveMessageEvent) => d.message.id === next.body.id);
        expect(got.message.body).toBe('ahora sí');
        expect(heard.length).toBeGreaterThan(0);
        stream.close();
      } finally {
        listener.disconnect();
      }
    });
  });

  describe('RedisLiveHub: which instance holds whose streams', () => {
    const redisUrl = process.env.REDIS_URL;
    const prefix = `test-live-${newId()}`;
    const logger = createLogger('live-test', 'silent');
    const hubs: RedisLiveHub[] = [];
    const hub = async (options: ConstructorParameters<typeof RedisLiveHub>[3]) => {
      const made = new RedisLiveHub(redisUrl!, prefix, logger, options);
      hubs.push(made);
      await made.ready();
      return made;
    };
    afterAll(async () => {
      await Promise.all(hubs.map((h) => h.close()));
    });

    it('knows a stream on another instance once its listen resolves, forgets it when it closes, and is asked on arrival', async () => {
      if (!redisUrl) {
        if (servicesRequired()) throw new Error('REDIS_URL is required (REQUIRE_SERVICES=1)');
        return;
      }
      const a = await hub({ warmupMs: 0 });
      const b = await hub({ warmupMs: 0 });
      const u = newId();
      expect(a.wants(u)).toBe(false);
      const got: LiveEvent[] = [];
      const unsubscribe = await b.listen(u, (event) => got.push(event));
      await waitFor(async () => (a.wants(u) ? true : undefined), 2000, 'A to hear of the stream on B');
      expect(a.wants(newId())).toBe(false);
      const event: LiveEvent = { event: 'conversation', data: { id: 'c1' } as Conversation };
      await a.publish(u, event);
      await waitFor(async () => (got.length === 1 ? true : undefined), 2000, 'the event on B');
      expect(got).toEqual([event]);
      // a newcomer wants everyone while it warms up, and learns of B's stream from B's answer to its hello
      const c = await hub({ warmupMs: 300 });
      expect(c.wants(newId())).toBe(true);
      await waitFor(async () => (!c.wants(newId()) ? true : undefined), 2000, 'C past its warm-up');
      expect(c.wants(u)).toBe(true);
      unsubscribe();
      await waitFor(async () => (!a.wants(u) && !c.wants(u) ? true : undefined), 2000, 'the stream forgotten');
    });

    it('forgets an instance that stopped announcing (it died without its bye)', async () => {
      if (!redisUrl) {
        if (servicesRequired()) throw new Error('REDIS_URL is required (REQUIRE_SERVICES=1)');
        return;
      }
      const d = await hub({ warmupMs: 0, syncMs: 50, forgetMs: 300 });
      const ghost = new Redis(redisUrl);
      try {
        await ghost.publish(streamsChannel(prefix), JSON.stringify({ op: 'open', from: 'ghost', userId: 'u-ghost' }));
        await waitFor(async () => (d.wants('u-ghost') ? true : undefined), 2000, 'the ghost announced');
        // unreadable or foreign notices change nothing
        await ghost.publish(streamsChannel(prefix), 'not json');
        await ghost.publish(streamsChannel(prefix), JSON.stringify({ op: 'open', userId: 'u-nobody' }));
        await waitFor(async () => (!d.wants('u-ghost') ? true : undefined), 2000, 'the ghost forgotten');
        expect(d.wants('u-nobody')).toBe(false);
      } finally {
        ghost.disconnect();
      }
    });
  });
});

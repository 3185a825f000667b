import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { LOGGER, type Logger } from '@vitrina/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../../config/messaging-config.js';
import { Presence } from '../presence.js';
import { LiveHub, type LiveEvent } from './live-hub.js';

/** One SSE frame: the event's name and its JSON on one `data:` line (JSON never holds a raw newline). */
export function sseFrame(event: LiveEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * The callers' open `GET /conversation/{me}:{key}/live` streams (Server-Sent Events). The answer is written on the raw
 * socket (`reply.hijack()`): `text/event-stream`, no caching, no proxy buffering. One timer for all of them writes a
 * `: ping` comment every 15 s, which keeps each open through the gateway (whose upstream timeout is 30 s), and marks
 * their users online in one statement, as the heartbeat does. Closing the connection unsubscribes it.
 */
@Injectable()
export class LiveStreams implements OnModuleInit, OnModuleDestroy {
  private readonly open_ = new Map<ServerResponse, { userId: string; close: () => void }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly hub: LiveHub,
    private readonly presence: Presence,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  /** Connects the hub at start, so in cluster mode it learns early whose streams the other instances hold. */
  onModuleInit(): void {
    this.hub
      .ready()
      .catch((err: Error) => this.logger.warn({ err: err.message }, 'live hub: not ready at start; it retries with the first stream'));
  }

  async open(userId: string, reply: FastifyReply): Promise<void> {
    // before any byte goes out: a stream that is answered is subscribed, so it misses nothing sent after. Redis
    // unreachable: the stream still opens (pings, presence) and the web's polling carries the messages meanwhile.
    await this.hub.ready().catch((err: Error) => this.logger.warn({ err: err.message }, 'live stream: hub not ready; the web polls'));
    await this.presence.touch(userId);
    // listening (and, in cluster mode, known to every instance) before the stream answers; what arrives before the
    // answer's head is written goes right after it
    let early: LiveEvent[] | undefined = [];
    const raw = reply.raw;
    const unsubscribe = await this.hub.listen(userId, (event) => {
      if (early) early.push(event);
      else if (!raw.writableEnded) raw.write(sseFrame(event));
    });
    reply.hijack();
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value as string;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // the browser's EventSource waits this long before reconnecting after a drop
    raw.write(`retry: 5000\n: connected\n\n`);
    for (const event of early) raw.write(sseFrame(event));
    early = undefined;
    const close = () => {
      if (!this.open_.delete(raw)) return;
      unsubscribe();
      if (this.open_.size === 0) this.stopPings();
      if (!raw.writableEnded) raw.end();
    };
    this.open_.set(raw, { userId, close });
    this.startPings();
    raw.on('close', close);
    raw.on('error', close);
    // the client left while the stream was being opened: its 'close' came before anyone listened
    if (raw.destroyed || !raw.socket || raw.socket.destroyed) close();
  }

  private startPings(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.ping(), this.config.livePingMs);
    this.timer.unref();
  }

  private stopPings(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private ping(): void {
    const here = new Set<string>();
    for (const [raw, { userId }] of this.open_) {
      if (raw.writableEnded) continue;
      raw.write(': ping\n\n');
      here.add(userId);
    }
    if (here.size === 0) return;
    this.presence.touchMany([...here]).catch((err: Error) => this.logger.warn({ err: err.message }, 'live streams: presence not written'));
  }

  /** How many streams this instance holds. */
  get count(): number {
    return this.open_.size;
  }

  async onModuleDestroy(): Promise<void> {
    for (const { close } of this.open_.values()) close(); // each removes itself: a Map's iteration allows it
    this.stopPings();
    await this.hub.close();
  }
}

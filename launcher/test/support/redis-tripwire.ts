/**
 * A TCP proxy in front of Redis that lets a test kill a consumer process at the one point a crash costs the most: its
 * handler has committed what the event asked for, and the XACK that settles the entry has not reached Redis. The
 * services under test get `url()` as REDIS_URL and talk to Redis through it unchanged; an armed wire reads what they
 * send (RESP, client to server only) and, at the chosen XACK of one consumer group on one family of streams, calls
 * `onTrip` (the test SIGKILLs the process there, synchronously) and drops that write and everything after it on that
 * connection: Redis never sees the acknowledgement, as if the process had died just before sending it.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface Trip {
  stream: string;
  group: string;
  /** The entry ids the lost XACK would have settled. */
  ids: string[];
}

export interface WireOptions {
  /** The consumer group whose XACK trips the wire (a service's group is its name). */
  group: string;
  /** Streams the XACK must be on, by prefix: `<REDIS_PREFIX>:<topic>:p` for every partition of a topic. */
  streamPrefix: string;
  /** XACKs let through before the one that trips (so some entries are settled before the crash). */
  pass: number;
  /** Called synchronously when the wire trips, before the write is dropped: kill the process here. */
  onTrip: (trip: Trip) => void;
}

interface Wire extends WireOptions {
  seen: number;
  tripped: boolean;
  resolve: (trip: Trip) => void;
}

/** The start of an XACK command as a client sends it (`*<n>` then the bulk string `xack`, any case). */
const XACK = /\*\d+\r\n\$4\r\nxack\r\n/gi;
/** What a new chunk is searched with from the one before it: a command split across two writes is still found. */
const CARRY = 1024;

export class RedisTripwire {
  private readonly wires = new Set<Wire>();
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  /** Listens on a free port of 127.0.0.1 and forwards every connection to the Redis of `upstream` (a redis:// URL). */
  static async start(upstream: string): Promise<RedisTripwire> {
    const target = new URL(upstream);
    const host = target.hostname || '127.0.0.1';
    const port = Number(target.port || 6379);
    let wire!: RedisTripwire;
    const server = createServer((client) => wire.forward(client, host, port));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    wire = new RedisTripwire(server, (server.address() as { port: number }).port);
    return wire;
  }

  /** `upstream` (credentials, database number and all) through this proxy. */
  url(upstream: string): string {
    const url = new URL(upstream);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Resolves with the XACK it dropped once the wire trips. */
  arm(options: WireOptions): Promise<Trip> {
    return new Promise((resolve) => this.wires.add({ ...options, seen: 0, tripped: false, resolve }));
  }

  async close(): Promise<void> {
    this.wires.clear();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(client: Socket, host: string, port: number): void {
    const upstream = connect(port, host);
    this.sockets.add(client).add(upstream);
    let carried = '';
    let severed = false;
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('data', (chunk: Buffer) => {
      if (severed) return;
      if (this.wires.size > 0) {
        // latin1: one character per byte, so RESP lengths can be followed in the string
        const text = carried + chunk.toString('latin1');
        const tripped = this.inspect(text, carried.length);
        carried = text.slice(-CARRY);
        if (tripped) {
          // the process is dead (onTrip killed it): what it wrote last never reaches Redis
          severed = true;
          setImmediate(end);
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!severed) client.write(chunk);
    });
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  }

  /** Counts the XACKs that end in the new part of `text` against the armed wires; true when one tripped. */
  private inspect(text: string, fresh: number): boolean {
    for (const match of text.matchAll(XACK)) {
      const args = respArray(text, match.index);
      // a command that ends in the part already forwarded was counted with the chunk before
      if (!args || args.end <= fresh || args.values.length < 3) continue;
      const [, stream, group, ...ids] = args.values as [string, string, string, ...string[]];
      for (const wire of this.wires) {
        if (wire.tripped || wire.group !== group || !stream.startsWith(wire.streamPrefix)) continue;
        wire.seen++;
        if (wire.seen <= wire.pass) continue;
        wire.tripped = true;
        this.wires.delete(wire);
        const trip = { stream, group, ids };
        wire.onTrip(trip);
        wire.resolve(trip);
        return true;
      }
    }
    return false;
  }
}

/** The RESP array of bulk strings at `at` (`*n`, then n times `$len` and the bytes), or undefined if incomplete. */
function respArray(text: string, at: number): { values: string[]; end: number } | undefined {
  const head = /^\*(\d+)\r\n/.exec(text.slice(at, at + 16));
  if (!head) return undefined;
  let pos = at + head[0].length;
  const values: string[] = [];
  for (let i = 0; i < Number(head[1]); i++) {
    const len = /^\$(\d+)\r\n/.exec(text.slice(pos, pos + 16));
    if (!len) return undefined;
    const start = pos + len[0].length;
    const stop = start + Number(len[1]);
    if (stop + 2 > text.length) return undefined;
    values.push(text.slice(start, stop));
    pos = stop + 2;
  }
  return { values, end: pos };
}

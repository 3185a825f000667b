import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** The part of a Fastify instance this needs (the service kernel's and the gateway's). */
interface DrainableFastify {
  server: Server;
  addHook(name: 'preClose', hook: () => Promise<void>): unknown;
}

/**
 * Lets a Fastify server's close finish as soon as its in-flight requests have: when the close starts (the `preClose`
 * hook, before the listening socket closes) the responses still being worked on get `Connection: close`, so their
 * connection ends once they are sent, and connections left idle are closed every 100 ms until the server is closed.
 *
 * Without it a keep-alive connection whose request finished after the close began stayed open for the whole
 * keep-alive timeout (65 s on services, 72 s on the gateway): Node closes idle connections once, when close starts,
 * so a graceful stop with one slow request in flight ran into SHUTDOWN_TIMEOUT_MS and exited 1.
 */
export function installHttpDrain(fastify: DrainableFastify): void {
  const server = fastify.server;
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    // A request arriving on an open connection during the drain is refused by Fastify (503); the socket ends with it.
    if (draining && !res.headersSent) res.setHeader('connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  fastify.addHook('preClose', async () => {
    draining = true;
    for (const res of inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
    const reaper = setInterval(() => server.closeIdleConnections(), 100);
    reaper.unref();
    server.once('close', () => clearInterval(reaper));
  });
}

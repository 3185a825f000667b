import { connect } from 'node:net';

/**
 * A port of 127.0.0.1 whose connections are refused, for tests of what happens when a service is down.
 *
 * Not a port taken with `listen(0)` and closed again: the kernel hands that port to the next `listen(0)` of any process
 * (another suite's server, running beside), and then the "closed" URL answers (a CI rehearsal got a 404 from one).
 * Ports below 1024 are never handed out that way and nothing of ours listens there; the first one that refuses a
 * connection is taken (ports that browsers' fetch blocks, such as 1, 7 and 9, are skipped).
 */
export async function refusedPort(): Promise<number> {
  for (const port of [2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 24, 26, 27, 28, 29, 30]) {
    if (await refuses(port)) return port;
  }
  throw new Error('refusedPort: every candidate port below 31 accepts connections on 127.0.0.1');
}

/** True when a connection to the port is refused; false when it is accepted, fails otherwise or gets no answer in 1 s. */
function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    // A firewall that drops rather than refuses would leave the connect hanging: that port is not "refused".
    socket.setTimeout(1_000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server for the test: records what it receives; `reject` decides per recipient. */
export async function startSmtp(reject: (to: string, attempt: number) => { code: number; message: string } | undefined = () => undefined) {
  const received: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    closeTimeout: 200,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const n = (attempts.get(address.address) ?? 0) + 1;
      attempts.set(address.address, n);
      const refusal = reject(address.address, n);
      if (refusal) {
        const err = new Error(refusal.message) as Error & { responseCode: number };
        err.responseCode = refusal.code;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, attempts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

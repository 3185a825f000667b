import { connect, type Socket } from 'node:net';

/**
 * Opens a raw socket to the gateway and sends a request head that asks `Expect: 100-continue` for a body of
 * `length` bytes, without the body. `first()` reads what the gateway says before any body byte is sent (an interim
 * `100 Continue` or a final answer); `sendBody` sends it and `read(until)` waits for more.
 */
export async function headAskingToContinue(
  gatewayUrl: string,
  path: string,
  length: number,
  contentType = 'application/json',
): Promise<{ socket: Socket; first: () => Promise<string>; read: (until: RegExp) => Promise<string> }> {
  const { port } = new URL(gatewayUrl);
  const socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (c: string) => (received += c));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  const read = async (until: RegExp) => {
    for (let waited = 0; !until.test(received) && waited < 5_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    return received;
  };
  return { socket, first: () => read(/\r\n\r\n/), read };
}

import { Agent, request } from 'node:http';
import type { FuzzRequest } from './malformed-variants.js';

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** Sends one request over node:http (which, unlike fetch, sends bad escapes and latin1 header bytes as given). */
export function send(base: string, req: FuzzRequest, auth: string | undefined, timeoutMs = 60_000): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolveAnswer, reject) => {
    const r = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.url,
        headers: {
          ...(auth ? { authorization: auth } : {}),
          ...req.headers,
          ...(req.body ? { 'content-length': String(req.body.length) } : {}),
        },
        timeout: timeoutMs,
      },
      (res) => {
        // an event stream (the inbox's live route) never ends: its answer is done once its headers arrived
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream') && (res.statusCode ?? 0) < 400) {
          resolveAnswer({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body: '' });
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolveAnswer({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('timeout', () => r.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    r.on('error', reject);
    r.end(req.body);
  });
}

export function closeAgent(): void {
  agent.destroy();
}

/** A stack frame or a driver's SQL message: an answer must never carry one (issue 9 item 2). */
const LEAKS: Array<[string, RegExp]> = [
  ['stack trace', /\bat [\w.<>$]+ \(|\bat (file:|node:|\/)[^\s]*:\d+:\d+|\n\s+at /],
  [
    'SQL text',
    /syntax error at or near|violates (not-null|unique|foreign key|check) constraint|relation "[^"]+" does not exist|invalid input syntax for|duplicate key value|column "[^"]+" (of relation|does not exist)|invalid byte sequence for encoding|\b(select \S.* from|insert into|update \S+ set|delete from) /i,
  ],
];

/** What is wrong with an answer, or undefined when it keeps every rule. */
export function breach(answer: Answer): string | undefined {
  if (answer.status >= 500) return `${answer.status} ${answer.body.slice(0, 200)}`;
  for (const [what, pattern] of LEAKS)
    if (pattern.test(answer.body)) return `${what} in a ${answer.status} body: ${answer.body.slice(0, 200)}`;
  if (answer.status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return `${answer.status} without a JSON body (${answer.contentType || 'no content type'}): ${answer.body.slice(0, 100)}`;
    }
    const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
    if (typeof code !== 'string' || typeof message !== 'string')
      return `${answer.status} without { code, message }: ${answer.body.slice(0, 200)}`;
    // A stable snake_case code from libs/contracts, not a framework's (FST_ERR_..., HPE_...).
    if (!/^[a-z][a-z0-9_]*$/.test(code)) return `${answer.status} with a code that is not a Vitrina code (${code})`;
  }
  return undefined;
}

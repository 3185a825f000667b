import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bootStack, delivery, pinIssued, waitFor, type Stack } from './support.js';
import { startSmtp } from './smtp-server.js';

describe('e-mail over SMTP (nodemailer) to a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let s: Stack;

  beforeAll(async () => {
    smtp = await startSmtp((to, attempt) => {
      if (to.startsWith('rechazado')) return { code: 550, message: 'No such user' };
      if (to.startsWith('ocupado') && attempt === 1) return { code: 451, message: 'Try again later' };
      return undefined;
    });
    s = await bootStack({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_FROM: 'Vitrina <no-reply@vitrina.test>' } });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('delivers the code e-mail', async () => {
    const event = pinIssued({ destination: 'cliente@example.com', code: '730415' });
    await s.runtime.bus.publish('accounts.user', [event]);
    const mail = await waitFor(async () => smtp.received.find((m) => m.to.includes('cliente@example.com')), 10_000, 'the e-mail');
    expect(mail.from).toBe('no-reply@vitrina.test');
    expect(mail.raw).toContain('730415');
    expect(mail.raw).toMatch(/^Subject: /m);
    expect(mail.raw).toContain(`X-Vitrina-Delivery: ${event.id}`);
    expect(mail.raw).toContain('text/html');
    const row = await waitFor(async () => ((await delivery(s, event.id))?.status === 'sent' ? delivery(s, event.id) : undefined));
    expect(row).toMatchObject({ provider: 'smtp', attempts: 1 });
    expect(row.providerMessageId).toEqual(expect.any(String));
  });

  it('retries a temporary refusal (4xx) and sends once', async () => {
    const event = pinIssued({ destination: 'ocupado@example.com' });
    await s.runtime.bus.publish('accounts.user', [event]);
    const row = await waitFor(
      async () => {
        const r = await delivery(s, event.id);
        return r?.status === 'sent' ? r : undefined;
      },
      20_000,
      'the retried e-mail',
    );
    expect(row.attempts).toBe(2);
    expect(smtp.received.filter((m) => m.to.includes('ocupado@example.com'))).toHaveLength(1);
  });

  it('gives up at once on a permanent refusal (5xx)', async () => {
    const event = pinIssued({ destination: 'rechazado@example.com' });
    await s.runtime.bus.publish('accounts.user', [event]);
    const row = await waitFor(async () => {
      const r = await delivery(s, event.id);
      return r?.status === 'failed' ? r : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('550');
    await new Promise((r) => setTimeout(r, 2500));
    expect(smtp.attempts.get('rechazado@example.com')).toBe(1);
  });
});

interface TwilioCall {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

describe("SMS through Twilio's Messages API (a local server stands in for it)", () => {
  let api: Server;
  let s: Stack;
  const calls: TwilioCall[] = [];
  const sid = 'AC00000000000000000000000000000001';
  const token = 'test-auth-token';

  beforeAll(async () => {
    api = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        calls.push({ path: req.url ?? '', authorization: req.headers.authorization, form });
        const to = form.get('To') ?? '';
        const tries = calls.filter((c) => c.form.get('To') === to).length;
        res.setHeader('content-type', 'application/json');
        if (to === '+525500000000') {
          res.statusCode = 400;
          return res.end(JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }));
        }
        if (to === '+525511111111' && tries === 1) {
          res.statusCode = 503;
          return res.end(JSON.stringify({ code: 20503, message: 'Service unavailable', status: 503 }));
        }
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: `SM${String(calls.length).padStart(32, '0')}`, status: 'queued', to }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const port = (api.address() as AddressInfo).port;
    s = await bootStack({
      env: {
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: token,
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: `http://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(async () => {
    await s?.close();
    api?.closeAllConnections();
    await new Promise<void>((resolve) => api?.close(() => resolve()));
  });

  it('posts the SMS to the Messages API with basic auth', async () => {
    const event = pinIssued({ channel: 'phone', destination: '+525512345678', code: '902211' });
    await s.runtime.bus.publish('accounts.user', [event]);
    const row = await waitFor(async () => {
      const r = await delivery(s, event.id);
      return r?.status === 'sent' ? r : undefined;
    });
    const call = calls.find((c) => c.form.get('To') === '+525512345678')!;
    expect(call.path).toBe(`/2010-04-01/Accounts/${sid}/Messages.json`);
    expect(call.authorization).toBe(`Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`);
    expect(call.form.get('From')).toBe('+15005550006');
    expect(call.form.get('Body')).toContain('902211');
    expect(row).toMatchObject({ provider: 'twilio', attempts: 1 });
    expect(row.providerMessageId).toMatch(/^SM/);
  });

  it('retries when the API is unavailable, and does not retry a refused number', async () => {
    const flaky = pinIssued({ channel: 'phone', destination: '+525511111111' });
    const invalid = pinIssued({ channel: 'phone', destination: '+525500000000' });
    await s.runtime.bus.publish('accounts.user', [flaky, invalid]);
    const sent = await waitFor(
      async () => {
        const r = await delivery(s, flaky.id);
        return r?.status === 'sent' ? r : undefined;
      },
      20_000,
      'the retried SMS',
    );
    expect(sent.attempts).toBe(2);
    const failed = await waitFor(async () => {
      const r = await delivery(s, invalid.id);
      return r?.status === 'failed' ? r : undefined;
    });
    expect(failed.lastError).toContain('21211');
    expect(calls.filter((c) => c.form.get('To') === '+525500000000')).toHaveLength(1);
  });
});

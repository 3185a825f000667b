/**
 * Accounts and messaging together on one runtime (one database, the memory bus), as in embedded mode:
 * registration -> accounts.user.pin-issued (outbox -> bus -> inbox) -> delivery job -> mailbox or SMTP,
 * then the PIN read from there activates the account.
 *
 * It boots the accounts and messaging services together, so it lives with the launcher, which may import every
 * service (dependency rule no-cross-service-import).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createAccountsService } from '@vitrina/accounts';
import { bootStack, json, waitFor, type Stack } from '../../services/messaging/test/support.js';
import { startSmtp } from '../../services/messaging/test/smtp-server.js';

const PASSWORD = 'Secreto-2026';

function pinIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no PIN in ${text}`);
  return match[1];
}

describe('registration -> PIN delivered -> activation', () => {
  describe('into the local mailbox (embedded default)', () => {
    let s: Stack;
    let accounts: NestFastifyApplication;
    beforeAll(async () => {
      s = await bootStack({ with: [createAccountsService({ env: { SEED_DEMO: 'false' } })] });
      accounts = s.others[0]!;
    });
    afterAll(async () => {
      await s?.close();
    });

    it('by e-mail: the newcomer reads the PIN at /dev/mailbox and activates', async () => {
      const email = `nuevo.${Date.now()}@example.com`;
      const reg = await json(accounts, 'POST', '/auth/register', { full_name: 'Nora Nueva', email, password: PASSWORD });
      expect(reg.status).toBe(201);
      const message = await waitFor(
        async () => (await json(s.messaging, 'GET', '/dev/mailbox', undefined, { to: email })).body.results[0],
        10_000,
        'the PIN e-mail',
      );
      expect(message.subject).toBe('Tu PIN de activación de Vitrina');
      const activated = await json(accounts, 'POST', '/auth/activate/pin', { pin: pinIn(message.text), code: reg.body.code });
      expect(activated.status).toBe(200);
      expect(activated.body.auth.type).toBe('SET_AUTH');
    });

    it('by phone: the SMS lands in the mailbox too', async () => {
      const phone = `55${String(Date.now()).slice(-8)}`;
      const reg = await json(accounts, 'POST', '/auth/register', {
        full_name: 'Teo Tel',
        phone,
        country: 'MX',
        password: PASSWORD,
        locale: 'en',
      });
      expect(reg.status).toBe(201);
      const sms = await waitFor(
        async () => (await json(s.messaging, 'GET', '/dev/mailbox', undefined, { to: `+52${phone}` })).body.results[0],
        10_000,
        'the PIN SMS',
      );
      expect(sms.channel).toBe('sms');
      expect(sms.text).toMatch(/^Vitrina: your PIN is \d{6}/);
      const activated = await json(accounts, 'POST', '/auth/activate/pin', { pin: pinIn(sms.text), code: reg.body.code });
      expect(activated.status).toBe(200);
    });
  });

  describe('over SMTP', () => {
    let s: Stack;
    let accounts: NestFastifyApplication;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      s = await bootStack({
        with: [createAccountsService({ env: { SEED_DEMO: 'false' } })],
        env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) },
      });
      accounts = s.others[0]!;
    });
    afterAll(async () => {
      await s?.close();
      await smtp?.close();
    });

    it('delivers the PIN to a real SMTP server, and it activates the account', async () => {
      const email = `smtp.${Date.now()}@example.com`;
      const reg = await json(accounts, 'POST', '/auth/register', { full_name: 'Sara Smtp', email, password: PASSWORD });
      expect(reg.status).toBe(201);
      const mail = await waitFor(async () => smtp.received.find((m) => m.to.includes(email)), 10_000, 'the SMTP message');
      const pin = /Tu PIN es: (\d{6})/.exec(mail.raw)?.[1];
      expect(pin).toMatch(/^\d{6}$/);
      const activated = await json(accounts, 'POST', '/auth/activate/pin', { pin, code: reg.body.code });
      expect(activated.status).toBe(200);
      // Nothing went to the mailbox: SMTP is configured.
      expect((await json(s.messaging, 'GET', '/dev/mailbox', undefined, { to: email })).body.results).toHaveLength(0);
    });
  });
});

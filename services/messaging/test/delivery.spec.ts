import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eq, inArray, sql } from 'drizzle-orm';
import { ConfigError, rowsOf } from '@vitrina/platform';
import { loadMessagingConfig } from '../src/config/messaging-config.js';
import { renderCodeMessage } from '../src/delivery/templates/code-message.js';
import { deliveries, mailboxMessages } from '../src/db/schema.js';
import { DeliverMessageJob, pendingDeliveries } from '../src/delivery/jobs/deliver-message.job.js';
import { bootStack, delivery, json, pinIssued, waitFor, type Stack } from './support.js';

describe('delivery of codes into the local mailbox (embedded mode)', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await bootStack();
  });
  afterAll(async () => {
    await s?.close();
  });

  const mailbox = (query: Record<string, string> = {}) => json(s.messaging, 'GET', '/dev/mailbox', undefined, query);
  const delivered = (to: string) =>
    waitFor(
      async () => {
        const res = await mailbox({ to });
        return res.body.results.length > 0 ? res.body : undefined;
      },
      10_000,
      `a message to ${to}`,
    );

  it('sends a pin-issued e-mail, in Spanish, with the PIN and the activation link', async () => {
    const event = pinIssued();
    await s.runtime.bus.publish('accounts.user', [event]);
    const box = await delivered(event.data.destination);
    expect(box.matches_estimated).toBe(1);
    const [message] = box.results;
    expect(message).toMatchObject({
      channel: 'email',
      to: event.data.destination,
      subject: 'Tu PIN de activación de Vitrina',
      event_id: event.id,
    });
    expect(message.text).toContain('Tu PIN es: 048213');
    expect(message.text).toContain('vence en 5 minutos');
    expect(message.text).toContain(event.data.activationUrl);
    expect(message.html).toContain('048213');
    expect(message.html).toContain(`href="${event.data.activationUrl}"`);
    const row = await delivery(s, event.id);
    expect(row).toMatchObject({ status: 'sent', provider: 'mailbox', attempts: 1 });
  });

  it('uses the English and the Argentine templates by the event locale', async () => {
    const en = pinIssued({ locale: 'en', purpose: 'password_reset' });
    const ar = pinIssued({ locale: 'es-AR' });
    await s.runtime.bus.publish('accounts.user', [en, ar]);
    const enMsg = (await delivered(en.data.destination)).results[0];
    expect(enMsg.subject).toBe('Your Vitrina password reset code');
    expect(enMsg.text).toContain('Your code is: 048213');
    expect(enMsg.text).not.toContain('/activate/');
    const arMsg = (await delivered(ar.data.destination)).results[0];
    expect(arMsg.text).toContain('Usá este PIN');
  });

  it('sends a phone code as an SMS', async () => {
    const event = pinIssued({ channel: 'phone', destination: '+525512345678' });
    await s.runtime.bus.publish('accounts.user', [event]);
    const [sms] = (await delivered('+525512345678')).results;
    expect(sms).toMatchObject({ channel: 'sms', subject: null, html: null });
    expect(sms.text).toMatch(/^Vitrina: tu PIN es 048213\. Vence en 5 minutos\. Activa tu cuenta: http/);
  });

  it('sends once when the event is delivered twice, or again later', async () => {
    const event = pinIssued();
    await s.runtime.bus.publish('accounts.user', [event, event]);
    await delivered(event.data.destination);
    await s.runtime.bus.publish('accounts.user', [event]);
    await new Promise((r) => setTimeout(r, 500));
    const rows = await s.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, event.data.destination));
    expect(rows).toHaveLength(1);
    expect((await delivery(s, event.id))?.attempts).toBe(1);
  });

  it('marks a batch queued once its jobs are added; rows found unmarked again (a crash between the two) send nothing twice', async () => {
    const events = Array.from({ length: 5 }, () => pinIssued());
    await s.runtime.bus.publish('accounts.user', events);
    for (const event of events) await delivered(event.data.destination);
    const ids = events.map((e) => e.id);
    const marked = () =>
      waitFor(async () => {
        const rows = await s.db.select().from(deliveries).where(inArray(deliveries.id, ids));
        return rows.length === 5 && rows.every((r) => r.enqueuedAt instanceof Date) ? rows : undefined;
      });
    // (a job may run, and its e-mail land, before the batch is marked)
    await marked();
    // as if the process died after adding the jobs and before marking them: the next wake-up queues them again
    await s.db.update(deliveries).set({ enqueuedAt: null }).where(inArray(deliveries.id, ids));
    s.messaging.get(DeliverMessageJob).kick();
    await marked();
    await new Promise((r) => setTimeout(r, 300));
    for (const event of events) {
      const box = await s.db.select().from(mailboxMessages).where(eq(mailboxMessages.to, event.data.destination));
      expect(box).toHaveLength(1);
    }
  });

  it('finds the deliveries still to queue by their own index, in order, however many were queued before', async () => {
    await s.db.execute(
      sql`insert into ${deliveries} (id, event_type, user_id, channel, destination, locale, text, enqueued_at)
          select 'queued-' || g, 'accounts.user.pin_issued', 'u', 'email', 'x@example.com', 'es', 't', now()
          from generate_series(1, 20000) g`,
    );
    try {
      await s.db.execute(sql`analyze ${deliveries}`);
      const query = pendingDeliveries(s.db, 100).toSQL();
      const rows = rowsOf<{ 'QUERY PLAN': string }>(await s.db.execute(sql.raw(`explain ${query.sql.replace('$1', '100')}`)));
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      // the partial index holds only unqueued rows in created_at order: no sort, and no visit of the queued ones (the
      // index on (enqueued_at, created_at) it replaced was read through every entry a vacuum had not yet removed)
      expect(plan).toContain('deliveries_pending_idx');
      expect(plan).not.toContain('Sort');
    } finally {
      await s.db.execute(sql`delete from ${deliveries} where id like 'queued-%'`);
    }
  });

  it('ignores the other accounts.user events and malformed ones', async () => {
    const other = { ...pinIssued(), type: 'accounts.user.activated' };
    const broken = pinIssued({ destination: '' });
    await s.runtime.bus.publish('accounts.user', [other, broken]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await delivery(s, other.id)).toBeUndefined();
    expect(await delivery(s, broken.id)).toBeUndefined();
  });

  it('drops a code that expired before it could be sent', async () => {
    const event = pinIssued({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    await s.runtime.bus.publish('accounts.user', [event]);
    const row = await waitFor(async () => {
      const r = await delivery(s, event.id);
      return r?.status === 'failed' ? r : undefined;
    });
    expect(row.lastError).toContain('expired');
    expect((await mailbox({ to: event.data.destination })).body.results).toHaveLength(0);
  });

  it('lists the mailbox newest first with to, offset and limit', async () => {
    const to = 'lista@example.com';
    const events = [
      pinIssued({ destination: to, code: '111111' }),
      pinIssued({ destination: to, code: '222222' }),
      pinIssued({ destination: to, code: '333333' }),
    ];
    for (const e of events) {
      await s.runtime.bus.publish('accounts.user', [e]);
      await waitFor(async () => ((await delivery(s, e.id))?.status === 'sent' ? true : undefined));
    }
    const page = await mailbox({ to: ' Lista@Example.com ', limit: '2' });
    expect(page.status).toBe(200);
    expect(page.body.matches_estimated).toBe(3);
    expect(page.body.results.map((m: { text: string }) => m.text.match(/\d{6}/)![0])).toEqual(['333333', '222222']);
    const next = await mailbox({ to, limit: '2', offset: '2' });
    expect(next.body.results).toHaveLength(1);
    expect((await mailbox({ limit: '1000' })).status).toBe(400);
    expect((await mailbox({ sort: 'subject' })).status).toBe(400);
    // A query string cannot carry JSON null; its empty value is the 'not sent' of `to` (@Optional: a value is checked).
    const all = await mailbox({ to: '  ' });
    expect([all.status, all.body.matches_estimated]).toEqual([200, (await mailbox()).body.matches_estimated]);
    expect((await mailbox({ to: 'x'.repeat(300) })).status).toBe(400);
  });
});

describe('the dev mailbox switch', () => {
  it('does not exist when DEV_MAILBOX is off', async () => {
    const s = await bootStack({ env: { DEV_MAILBOX: 'false' } });
    try {
      const res = await json(s.messaging, 'GET', '/dev/mailbox');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    } finally {
      await s.close();
    }
  });

  it('is refused at start in production, as is production without real providers', () => {
    const prod = {
      NODE_ENV: 'production',
      SMTP_HOST: 'smtp.example.com',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_FROM: '+15005550006',
    };
    expect(loadMessagingConfig(prod).devMailbox).toBe(false);
    expect(() => loadMessagingConfig({ ...prod, DEV_MAILBOX: 'true' })).toThrow(ConfigError);
    expect(() => loadMessagingConfig({ ...prod, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
    expect(() => loadMessagingConfig({ ...prod, SMTP_HOST: '' })).toThrow(/SMTP_HOST/);
    expect(() => loadMessagingConfig({ ...prod, SMS_PROVIDER: 'mailbox' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadMessagingConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadMessagingConfig({ SMTP_PORT: 'abc' })).toThrow(/SMTP_PORT/);
    expect(() => loadMessagingConfig({ SMTP_HOST: 'h', SMTP_USER: 'u' })).toThrow(/SMTP_PASSWORD/);
    expect(loadMessagingConfig({})).toMatchObject({ email: { kind: 'mailbox' }, sms: { kind: 'mailbox' }, devMailbox: true });
    expect(loadMessagingConfig({ SMTP_HOST: 'h', SMTP_PORT: '465' }).email).toMatchObject({ kind: 'smtp', secure: true });
  });
});

describe('templates', () => {
  it('escapes the name in HTML and keeps only http(s) links', () => {
    const msg = renderCodeMessage({ ...pinIssued().data, fullName: '<script>x</script>', activationUrl: 'javascript:alert(1)' });
    expect(msg.html).not.toContain('<script>');
    expect(msg.html).toContain('&lt;script&gt;');
    expect(msg.text).not.toContain('javascript:');
  });
});

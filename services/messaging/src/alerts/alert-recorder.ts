import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { EventEnvelope, Locale } from '@vitrina/contracts';
import { Inbox, LOGGER, PreparedSql, TransactionRunner, newId, type Logger } from '@vitrina/platform';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-config.js';
import { alerts, deliveries, inbox, shops, users } from '../db/schema.js';
import type * as schema from '../db/schema.js';
import { DELIVERIES_WRITTEN } from '../delivery/jobs/deliver-message.job.js';
import { renderAlertMessage } from '../delivery/templates/alert-message.js';
import { alertsFor, type AlertDraft } from './alert-rules.js';
import { orderNumber } from './alert-texts.js';

/** One address, no spaces, something on each side of the @: anything else would only bounce. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const LOCALES: readonly Locale[] = ['es', 'en', 'es-AR'];

/**
 * The alerts that also go by e-mail (issue 15: "order placed to the supplier, order shipped and delivered to the
 * customer, refund done"). Shipped is the move to `in_transit`.
 */
export function isMailedAlert(d: Pick<AlertDraft, 'type' | 'subtype' | 'role'>): boolean {
  // a renewal to pay and a lapse are worth an e-mail (issue 16)
  if (d.type === 'membership_renewal_due' || d.type === 'membership_lapsed') return true;
  if (d.type === 'order_placed') return d.role === 'supplier' || d.role === 'dssupplier';
  if (d.type === 'order_advanced') return d.role === 'customer' && d.subtype === 'in_transit';
  return (d.type === 'order_delivered' || d.type === 'return_refunded') && d.role === 'customer';
}

/**
 * The delivery id of an alert's e-mail: one per (event, recipient), so a redelivered event, or two instances racing,
 * write it once (the primary key decides). No ':' in it: it is also the delivery job's id, which BullMQ refuses with one.
 */
export const alertMailId = (eventId: string, userId: string) => `alert-mail.${eventId}.${userId}`;

/**
 * The alerts of one event (the rows as one JSON array, whatever their number: every order move, payment and return
 * writes some), only `when` holds; a second delivery of the event adds nothing (the unique key).
 */
const insertAlerts = (when = sql``) => sql`insert into ${alerts} (id, user_id, role, origin, type, subtype, params, message, link, event_id)
    select r.id, r.user_id, r.role, r.origin, r.type, r.subtype, r.params, r.message, r.link, r.event_id
    from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(
      id text, user_id text, role text, origin text, type text, subtype text, params jsonb, message jsonb, link text, event_id text
    )
    ${when}
    on conflict (event_id, user_id, role) do nothing`;

/** The alerts of an event that came through the inbox transaction (which it joins), built once. */
const INSERT_ALERTS = new PreparedSql<{ rows: string }>(() => insertAlerts());

/**
 * The claim of the event in messaging's inbox and its alerts as one statement, for an event the bus hands over
 * without the inbox (`inbox: false` on the alert consumers): no BEGIN, claim, COMMIT around it. A redelivered event
 * finds its claim and writes nothing. The claim is the one `Inbox.process` writes, made a CTE.
 */
const CLAIM_AND_INSERT_ALERTS = new PreparedSql<{ rows: string; eventId: string; consumer: string; type: string }>(
  () => sql`with claim as (
      insert into ${inbox} (event_id, consumer, type)
      values (${sql.placeholder('eventId')}, ${sql.placeholder('consumer')}, ${sql.placeholder('type')})
      on conflict do nothing returning 1
    )
    ${insertAlerts(sql`where exists (select 1 from claim)`)}`,
);

/**
 * The e-mails of an event's alerts (deliveries, one JSON array), only `when` holds; a delivery already written (its id
 * is the event's and the recipient's) is left alone.
 */
const insertMails = (
  when = sql``,
) => sql`insert into ${deliveries} (id, event_type, user_id, channel, destination, locale, subject, "text", html)
    select m.id, m.event_type, m.user_id, m.channel, m.destination, m.locale, m.subject, m."text", m.html
    from jsonb_to_recordset(${sql.placeholder('mails')}::jsonb) as m(
      id text, event_type text, user_id text, channel text, destination text, locale text, subject text, "text" text, html text
    )
    ${when}
    on conflict (id) do nothing`;

/** The e-mails of an event that came through the inbox transaction (which it joins), built once. */
const INSERT_MAILS = new PreparedSql<{ mails: string }>(() => insertMails());

/**
 * The claim, the alerts and their e-mails as one statement, for an event the bus hands over without the inbox: an
 * order placed (the supplier's e-mail) was BEGIN, claim, alerts, two reads, deliveries, COMMIT; it is now the one read
 * of the recipients before this. A redelivered event finds its claim and writes nothing.
 */
const CLAIM_ALERTS_AND_MAILS = new PreparedSql<{ rows: string; mails: string; eventId: string; consumer: string; type: string }>(
  () => sql`with claim as (
      insert into ${inbox} (event_id, consumer, type)
      values (${sql.placeholder('eventId')}, ${sql.placeholder('consumer')}, ${sql.placeholder('type')})
      on conflict do nothing returning 1
    ), written as (
      ${insertAlerts(sql`where exists (select 1 from claim)`)}
    )
    ${insertMails(sql`where exists (select 1 from claim)`)}`,
);

/** What an alert's e-mail needs to know of its recipients and the shop, in one read. */
const RECIPIENTS = new PreparedSql<{ ids: string; shopId: string | null }>(
  () => sql`select
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'locale', u.locale)), '[]'::json)
        from ${users} u where u.id in (select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb))) as people,
      (select s.name from ${shops} s where s.id = ${sql.placeholder('shopId')}) as shop_name`,
);

/**
 * Writes the alerts of one event (alert-rules.ts decides them) in the consumer's inbox transaction, or, called outside
 * one with the consumer's name (the alert consumers: `inbox: false`), claims the event itself in the statement that
 * writes the alerts and their e-mails. The unique key
 * (event, user, role) makes a second delivery add nothing even where the inbox would not stop it. The important ones
 * (isMailedAlert) also become one e-mail delivery per recipient in the same transaction, to the address and in the
 * locale of the users projection; the delivery dispatcher sends it once.
 */
@Injectable()
export class AlertRecorder {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly inbox: Inbox,
  ) {}

  async record(event: EventEnvelope<unknown>, consumer?: string): Promise<void> {
    // Outside the inbox transaction (an `inbox: false` consumer), this claims the event itself.
    const claiming = consumer !== undefined && !this.tx.current() ? consumer : undefined;
    const drafts = alertsFor(event);
    if (drafts === null) {
      // retrying cannot mend a malformed event: it is dropped, and said so
      this.logger.warn({ eventId: event.id, type: event.type }, 'event without the ids or amounts its alerts need; ignored');
    }
    if (!drafts?.length) {
      // nothing to write; the inbox still shows the event was consumed
      if (claiming) await this.inbox.process(claiming, event, async () => undefined);
      return;
    }
    const alertRows = JSON.stringify(
      drafts.map((d) => ({
        id: newId(),
        user_id: d.userId,
        role: d.role,
        origin: d.origin,
        type: d.type,
        subtype: d.subtype,
        params: d.refs,
        message: d.message,
        link: d.link,
        event_id: event.id,
      })),
    );
    // one e-mail per recipient, even one who is both the supplier and the dropshipping supplier
    const mailed = [...new Map(drafts.filter((d) => isMailedAlert(d) && d.link).map((d) => [d.userId, d])).values()];
    const mails = mailed.length ? JSON.stringify(await this.mails(event, mailed)) : '[]';
    if (claiming && mails === '[]') {
      await CLAIM_AND_INSERT_ALERTS.execute(this.tx.db, { rows: alertRows, eventId: event.id, consumer: claiming, type: event.type });
      return;
    }
    if (claiming) {
      // the claim, the alerts and the e-mails in one statement (a redelivery finds the claim); its commit wakes the
      // delivery dispatcher
      await this.tx.statement(
        (db) => CLAIM_ALERTS_AND_MAILS.execute(db, { rows: alertRows, mails, eventId: event.id, consumer: claiming, type: event.type }),
        { events: false, marks: [DELIVERIES_WRITTEN] },
      );
      return;
    }
    await this.tx.run(async (tx) => {
      await INSERT_ALERTS.execute(tx, { rows: alertRows });
      if (mails === '[]') return;
      await INSERT_MAILS.execute(tx, { mails });
      this.tx.mark(tx, DELIVERIES_WRITTEN);
    });
  }

  /**
   * The e-mails of the mailed alerts (deliveries rows, as JSON), to the address and in the locale of the users
   * projection, read in one statement (in the inbox transaction when there is one).
   */
  private async mails(event: EventEnvelope<unknown>, mailed: AlertDraft[]): Promise<Record<string, unknown>[]> {
    const shopId = (event.data as { shopId?: unknown } | undefined)?.shopId;
    const [found] = await RECIPIENTS.execute<{
      people: { id: string; name: string | null; email: string | null; locale: string | null }[];
      shop_name: string | null;
    }>(this.tx.current() ?? this.tx.db, {
      ids: JSON.stringify(mailed.map((d) => d.userId)),
      shopId: typeof shopId === 'string' && shopId ? shopId : null,
    });
    const rows: Record<string, unknown>[] = [];
    for (const d of mailed) {
      const person = found?.people.find((p) => p.id === d.userId);
      const email = person?.email?.trim().toLowerCase() ?? '';
      if (!EMAIL.test(email)) {
        this.logger.debug({ eventId: event.id, userId: d.userId, type: d.type }, 'alert not sent by e-mail: no usable e-mail for the user');
        continue;
      }
      const locale = LOCALES.find((l) => l === person?.locale) ?? 'es';
      const message = renderAlertMessage(
        {
          message: d.message,
          link: d.link!,
          name: person?.name ?? '',
          orderNumber: d.refs.order ? orderNumber(d.refs.order) : null,
          shopName: found?.shop_name ?? null,
        },
        locale,
        this.config.publicUrl,
      );
      // the news does not go stale the way a code does: no expiry
      rows.push({
        id: alertMailId(event.id, d.userId),
        event_type: event.type,
        user_id: d.userId,
        channel: 'email',
        destination: email,
        locale,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    }
    return rows;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { eq, inArray, sql } from 'drizzle-orm';
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
 * Writes the alerts of one event (alert-rules.ts decides them) in the consumer's inbox transaction, or, called outside
 * one with the consumer's name (the alert consumers: `inbox: false`), claims the event itself: in the statement that
 * writes the alerts, or in the transaction that also writes their e-mails. The unique key
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
    if (claiming && mailed.length === 0) {
      await CLAIM_AND_INSERT_ALERTS.execute(this.tx.db, { rows: alertRows, eventId: event.id, consumer: claiming, type: event.type });
      return;
    }
    const write = () =>
      this.tx.run(async (tx) => {
        await INSERT_ALERTS.execute(tx, { rows: alertRows });
        if (mailed.length === 0) return;
        const people = await tx
          .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
          .from(users)
          .where(
            inArray(
              users.id,
              mailed.map((d) => d.userId),
            ),
          );
        const shopId = (event.data as { shopId?: unknown } | undefined)?.shopId;
        const [shop] =
          typeof shopId === 'string' && shopId
            ? await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId)).limit(1)
            : [];
        const rows = [];
        for (const d of mailed) {
          const person = people.find((p) => p.id === d.userId);
          const email = person?.email?.trim().toLowerCase() ?? '';
          if (!EMAIL.test(email)) {
            this.logger.debug(
              { eventId: event.id, userId: d.userId, type: d.type },
              'alert not sent by e-mail: no usable e-mail for the user',
            );
            continue;
          }
          const locale = LOCALES.find((l) => l === person?.locale) ?? 'es';
          const message = renderAlertMessage(
            {
              message: d.message,
              link: d.link!,
              name: person?.name ?? '',
              orderNumber: d.refs.order ? orderNumber(d.refs.order) : null,
              shopName: shop?.name ?? null,
            },
            locale,
            this.config.publicUrl,
          );
          rows.push({
            id: alertMailId(event.id, d.userId),
            eventType: event.type,
            userId: d.userId,
            channel: 'email' as const,
            destination: email,
            locale,
            subject: message.subject,
            text: message.text,
            html: message.html,
            // the news does not go stale the way a code does
            expiresAt: null,
          });
        }
        if (rows.length === 0) return;
        await tx.insert(deliveries).values(rows).onConflictDoNothing({ target: deliveries.id });
        this.tx.mark(tx, DELIVERIES_WRITTEN);
      });
    // with e-mails: the claim, the alerts and the deliveries in one transaction (a redelivery finds the claim)
    if (claiming) await this.inbox.process(claiming, event, write);
    else await write();
  }
}

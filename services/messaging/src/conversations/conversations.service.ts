import { Inject, Injectable } from '@nestjs/common';
import { and, arrayOverlaps, count, desc, eq, ilike, ne, or, sql, sum, type Placeholder, type SQL } from 'drizzle-orm';
import {
  ConversationErrorCodes,
  ConversationLimits,
  type Conversation,
  type ConversationList,
  type ConversationPeople,
  type ConversationProfile,
  type Message,
  type MessageList,
  type MessageListType,
  type MessageInput,
  messageTeaser,
} from '@vitrina/contracts';
import {
  DB,
  DomainError,
  LOGGER,
  NotFoundError,
  TransactionRunner,
  listResponse,
  newId,
  PreparedSql,
  type Db,
  type Logger,
  type Tx,
  withCompiledRows,
} from '@vitrina/platform';
import { NO_REFS } from '../alerts/alert-rules.js';
import { messageReceivedText } from '../alerts/alert-texts.js';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-config.js';
import { alerts, conversationMembers, conversations, messages, presence, shops, users } from '../db/schema.js';
import type * as schema from '../db/schema.js';
import { checkMessage, filterWords, pairKey, prefixPatterns } from './domain/conversation-rules.js';
import { LiveHub } from './live/live-hub.js';
import { Presence, isOnline } from './presence.js';

type MessageRow = typeof messages.$inferSelect;

function messageOf(row: MessageRow): Message {
  const at = row.createdAt.toISOString();
  return {
    id: row.id,
    conversation_id: row.conversationId,
    owner: row.senderId,
    peer_name: row.senderName,
    body: row.body,
    kind: row.kind,
    media: row.media ?? null,
    tags: row.tags,
    created_at: at,
    date: at,
  };
}

/** Any of the words' prefix patterns, over each of the columns: every word must match (AND). */
function wordsWhere(filter: string | undefined, columns: SQL[]): SQL | undefined {
  const words = filterWords(filter);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const [start, inner] = prefixPatterns(word);
      return or(...columns.flatMap((c) => [ilike(c, start), ilike(c, inner)]))!;
    }),
  );
}

/** The newest shop the user owns (the profile's `slug`): null when none. */
const ownedSlug = (userId: SQL | typeof conversationMembers.peerId) =>
  sql<string | null>`(select ${shops.slug} from ${shops} where ${shops.ownerId} = ${userId} order by ${shops.updatedAt} desc limit 1)`;

/**
 * A user's display name: the users projection's, else (an owner messaging learnt of through `store.shop` only) their
 * newest shop's name, else empty.
 */
const displayName = (userId: SQL | typeof conversationMembers.peerId | typeof conversationMembers.userId) =>
  sql<string>`coalesce(${users.name}, (select ${shops.name} from ${shops} where ${shops.ownerId} = ${userId} order by ${shops.updatedAt} desc limit 1), '')`;

/**
 * The inbox (issue 15; spec 2 §3 'Conversation', 'Message', §4, §6, §7): one conversation per pair of users, their
 * messages, unread counts, presence, the new-message alert and the live fan-out. Every read and write is the caller's
 * own: a conversation they are not in is 404 and nothing is read or written.
 */
@Injectable()
export class ConversationsService {
  constructor(
    @Inject(DB) private readonly db: Db<typeof schema>,
    private readonly tx: TransactionRunner<typeof schema>,
    private readonly presence: Presence,
    private readonly hub: LiveHub,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Participants' sides of conversations, with the peer's profile: the caller's (`me`), or, with `me` undefined, every
   * participant's (the live fan-out); `where` narrows, the order is the list's.
   */
  private views<Extra extends Record<string, SQL.Aliased | SQL>>(
    me: string | Placeholder | undefined,
    where: SQL | undefined,
    extra: Extra = {} as Extra,
  ) {
    const peerName = displayName(conversationMembers.peerId);
    return this.db
      .select({
        ...extra,
        userId: conversationMembers.userId,
        c: conversations,
        pending: conversationMembers.pending,
        updatedAt: conversationMembers.updatedAt,
        peerId: conversationMembers.peerId,
        peerName,
        photo: users.photo,
        heartbeatAt: presence.heartbeatAt,
        slug: ownedSlug(conversationMembers.peerId),
      })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .leftJoin(users, eq(users.id, conversationMembers.peerId))
      .leftJoin(presence, eq(presence.userId, conversationMembers.peerId))
      .where(and(me === undefined ? undefined : eq(conversationMembers.userId, me), where));
  }

  private conversationOf(
    v: {
      c: typeof conversations.$inferSelect;
      pending: number;
      updatedAt: Date;
      peerId: string;
      peerName: string;
      photo: string | null;
      heartbeatAt: Date | null;
      slug: string | null;
    },
    now = new Date(),
  ): Conversation {
    const profile: ConversationProfile = {
      id: v.peerId,
      name: v.peerName,
      images: v.photo ? [v.photo] : [],
      main_type: v.slug ? 'business' : null,
      slug: v.slug,
      heartbeat: v.heartbeatAt ? v.heartbeatAt.toISOString() : null,
      online: isOnline(v.heartbeatAt, now),
    };
    const c = v.c;
    return {
      id: c.id,
      key: c.pairKey,
      profile,
      peer_name: v.peerName,
      pending: v.pending,
      last_message_teaser: c.lastMessageTeaser,
      last_message_sender: c.lastMessageSender,
      last_message_kind: c.lastMessageKind,
      last_message_date: c.lastMessageDate ? c.lastMessageDate.toISOString() : null,
      updated_at: v.updatedAt.toISOString(),
      created_at: c.createdAt.toISOString(),
      visibility_ids: [c.userA, c.userB],
    };
  }

  /**
   * The list without a filter, the inbox's hot read (bench/README.md 'conversation-list'): prepared once, so PostgreSQL
   * parses and plans it once per pooled connection (planning took three times as long as running it), and one
   * statement: every row carries the caller's number of conversations (an index-only count), so the page and its
   * total are one round trip. Only a page past the end, which has no row to carry it, counts apart.
   */
  private unfiltered?: {
    rows: ReturnType<ConversationsService['unfilteredStatements']>['rows'];
    total: ReturnType<ConversationsService['unfilteredStatements']>['total'];
  };

  private unfilteredStatements() {
    const me = sql.placeholder('me');
    // every member row has its conversation (the pair is written with it): no join needed to count them
    const total = this.db.select({ n: count() }).from(conversationMembers).where(eq(conversationMembers.userId, me));
    return {
      rows: withCompiledRows(
        this.views(me, undefined, { total: sql<number>`(${total})`.mapWith(Number) })
          .orderBy(desc(conversationMembers.updatedAt), desc(conversationMembers.conversationId))
          .offset(sql.placeholder('offset'))
          .limit(sql.placeholder('limit'))
          .prepare('messaging_conversation_list'),
      ),
      total: withCompiledRows(total.prepare('messaging_conversation_count')),
    };
  }

  /** spec 2 §4 'Conversation list': newest activity first; `filter` words are prefixes over the peer's name and the teaser. */
  async list(me: string, offset: number, limit: number, filter: string | undefined): Promise<ConversationList> {
    const where = wordsWhere(filter, [displayName(conversationMembers.peerId), sql`coalesce(${conversations.lastMessageTeaser}, '')`]);
    const now = new Date();
    if (where === undefined) {
      const prepared = (this.unfiltered ??= this.unfilteredStatements());
      const rows = await prepared.rows.execute({ me, offset, limit });
      const total = rows[0]?.total ?? (offset > 0 ? Number((await prepared.total.execute({ me }))[0]?.n ?? 0) : 0);
      return listResponse(
        rows.map((r) => this.conversationOf(r, now)),
        total,
      );
    }
    const [rows, [total]] = await Promise.all([
      this.views(me, where)
        .orderBy(desc(conversationMembers.updatedAt), desc(conversationMembers.conversationId))
        .offset(offset)
        .limit(limit),
      this.db
        .select({ n: count() })
        .from(conversationMembers)
        .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
        .leftJoin(users, eq(users.id, conversationMembers.peerId))
        .where(and(eq(conversationMembers.userId, me), where)),
    ]);
    return listResponse(
      rows.map((r) => this.conversationOf(r, now)),
      Number(total?.n ?? 0),
    );
  }

  /** One conversation of the caller; anyone else's (or an unknown id) is conversation_not_found. */
  async get(me: string, id: string): Promise<Conversation> {
    const [row] = await this.views(me, eq(conversationMembers.conversationId, id)).limit(1);
    if (!row) throw new NotFoundError('No such conversation', ConversationErrorCodes.conversationNotFound);
    return this.conversationOf(row);
  }

  /** The conversation with `peer`, made when missing. The unique pair key decides between racing calls. */
  async open(me: string, peer: string): Promise<{ conversation: Conversation; created: boolean }> {
    if (peer === me) throw new DomainError(ConversationErrorCodes.cannotMessageSelf, 'A conversation needs someone else', 400);
    // a user of the users projection, or a shop owner of the shops projection (the people search lists those)
    const [known] = await this.db
      .select({ id: sql<string>`${peer}` })
      .from(sql`(select 1) as one`)
      .where(
        sql`exists (select 1 from ${users} where ${users.id} = ${peer}) or exists (select 1 from ${shops} where ${shops.ownerId} = ${peer})`,
      );
    if (!known) throw new NotFoundError('No such user', ConversationErrorCodes.peerNotFound);
    const key = pairKey(me, peer);
    const [userA, userB] = key.split(':') as [string, string];
    const { id, created } = await this.tx.run(async (tx) => {
      const now = new Date();
      const [made] = await tx
        .insert(conversations)
        .values({ id: newId(), pairKey: key, userA, userB, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: conversations.pairKey })
        .returning({ id: conversations.id });
      if (made) {
        await tx
          .insert(conversationMembers)
          .values([
            { conversationId: made.id, userId: me, peerId: peer, updatedAt: now },
            { conversationId: made.id, userId: peer, peerId: me, updatedAt: now },
          ])
          .onConflictDoNothing();
        return { id: made.id, created: true };
      }
      const [existing] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, key));
      if (!existing) throw new Error(`conversation ${key} neither inserted nor found`);
      return { id: existing.id, created: false };
    });
    return { conversation: await this.get(me, id), created };
  }

  /** The caller read the conversation: their pending goes to 0; their other tabs hear of it. */
  async markRead(me: string, id: string): Promise<Conversation> {
    const updated = await this.db
      .update(conversationMembers)
      .set({ pending: 0, lastReadAt: new Date() })
      .where(and(eq(conversationMembers.conversationId, id), eq(conversationMembers.userId, me)))
      .returning({ id: conversationMembers.conversationId });
    if (updated.length === 0) throw new NotFoundError('No such conversation', ConversationErrorCodes.conversationNotFound);
    const conversation = await this.get(me, id);
    if (this.hub.wants(me)) this.fanOut([[me, { event: 'conversation', data: conversation }]]);
    return conversation;
  }

  async unread(me: string): Promise<{ pending: number }> {
    const [row] = await this.db
      .select({ n: sum(conversationMembers.pending) })
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, me));
    return { pending: Number(row?.n ?? 0) };
  }

  async heartbeat(me: string): Promise<{ heartbeat: string }> {
    const at = await this.presence.touch(me);
    return { heartbeat: at.toISOString() };
  }

  /**
   * spec 2 §7 'profile-list-public': sellers (shop owners) to write to, by their name or a shop's name (word
   * prefixes), the caller left out; each owner once, with their newest shop.
   */
  async people(me: string, filter: string | undefined, limit: number): Promise<ConversationPeople> {
    const where = wordsWhere(filter, [sql`coalesce(${users.name}, '')`, sql`${shops.name}`]);
    const owners = this.db
      .selectDistinctOn([shops.ownerId], {
        ownerId: shops.ownerId,
        slug: shops.slug,
        shopName: sql<string>`${shops.name}`.as('shop_name'),
        userName: sql<string | null>`${users.name}`.as('user_name'),
        photo: sql<string | null>`${users.photo}`.as('photo'),
        heartbeatAt: sql<Date | null>`${presence.heartbeatAt}`.as('heartbeat_at'),
      })
      .from(shops)
      .leftJoin(users, eq(users.id, shops.ownerId))
      .leftJoin(presence, eq(presence.userId, shops.ownerId))
      .where(and(ne(shops.ownerId, me), where))
      .orderBy(shops.ownerId, desc(shops.updatedAt))
      .as('owners');
    const rows = await this.db
      .select()
      .from(owners)
      .orderBy(sql`coalesce(${owners.userName}, ${owners.shopName})`, owners.ownerId)
      .limit(limit);
    const now = new Date();
    const results = rows.map((r): ConversationProfile => {
      const heartbeat = r.heartbeatAt ? new Date(r.heartbeatAt) : null;
      return {
        id: r.ownerId,
        name: r.userName ?? r.shopName,
        images: r.photo ? [r.photo] : [],
        main_type: 'business',
        slug: r.slug,
        heartbeat: heartbeat ? heartbeat.toISOString() : null,
        online: isOnline(heartbeat, now),
      };
    });
    return listResponse(results, results.length);
  }

  /** The caller's membership (their peer and their own name); 404 when they are not in the conversation. */
  private async member(me: string, conversationId: string): Promise<{ peerId: string; myName: string }> {
    const [row] = await this.sendStatements().member.execute({ me, conversationId });
    if (!row) throw new NotFoundError('No such conversation', ConversationErrorCodes.conversationNotFound);
    return row;
  }

  /** The reads every send makes before its transaction, prepared once (planned once per pooled connection). */
  private sendReads?: ReturnType<ConversationsService['sendReadStatements']>;

  private sendStatements() {
    return (this.sendReads ??= this.sendReadStatements());
  }

  private sendReadStatements() {
    return {
      member: withCompiledRows(
        this.db
          .select({ peerId: conversationMembers.peerId, myName: displayName(conversationMembers.userId) })
          .from(conversationMembers)
          .leftJoin(users, eq(users.id, conversationMembers.userId))
          .where(
            and(
              eq(conversationMembers.conversationId, sql.placeholder('conversationId')),
              eq(conversationMembers.userId, sql.placeholder('me')),
            ),
          )
          .prepare('messaging_conversation_member'),
      ),
      byKey: withCompiledRows(
        this.db
          .select()
          .from(messages)
          .where(and(eq(messages.senderId, sql.placeholder('me')), eq(messages.idempotencyKey, sql.placeholder('key'))))
          .prepare('messaging_message_by_key'),
      ),
    };
  }

  /** A conversation's messages, newest first (spec 2 §7 messages). */
  async messages(
    me: string,
    conversationId: string,
    q: { type: MessageListType; offset: number; limit: number; tags?: string; filter?: string },
  ): Promise<MessageList> {
    await this.member(me, conversationId);
    const where: (SQL | undefined)[] = [eq(messages.conversationId, conversationId)];
    if (q.type === 'text') where.push(eq(messages.kind, 'text'));
    if (q.type === 'media') where.push(ne(messages.kind, 'text'));
    const tags = (q.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (tags.length) where.push(arrayOverlaps(messages.tags, tags));
    where.push(wordsWhere(q.filter, [sql`${messages.body}`]));
    const mine = and(...where);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(messages).where(mine).orderBy(desc(messages.createdAt), desc(messages.id)).offset(q.offset).limit(q.limit),
      this.db.select({ n: count() }).from(messages).where(mine),
    ]);
    return listResponse(rows.map(messageOf), Number(total?.n ?? 0));
  }

  private async byKey(me: string, key: string): Promise<MessageRow | undefined> {
    const [row] = await this.sendStatements().byKey.execute({ me, key });
    return row;
  }

  /**
   * Sends a message as one statement (data-modifying CTEs, its own transaction): the message, the conversation's last
   * message, both sides' activity time with the recipient's pending + 1, and, when that pending went from 0 to 1 while
   * the recipient is offline, one bell alert. With an Idempotency-Key a retry (or a racing twin) writes nothing: the
   * unique (sender, key) stops the message, and every other part reads it. Then the first message is the answer.
   * After the commit both participants' live streams hear of it.
   */
  async send(me: string, conversationId: string, input: MessageInput, key: string | undefined): Promise<Message> {
    const checked = checkMessage(input, this.config.galleryBases);
    const { peerId, myName } = await this.member(me, conversationId);
    const now = new Date();
    const row: MessageRow = {
      id: newId(),
      conversationId,
      senderId: me,
      senderName: myName,
      body: checked.body,
      kind: checked.kind,
      media: checked.media,
      tags: checked.tags,
      idempotencyKey: key ?? null,
      createdAt: now,
    };
    const written = await this.tx.statement((db) => sendStatement(db, row, peerId, now), { events: false });
    if (!written) {
      const first = key ? await this.byKey(me, key) : undefined;
      if (!first) throw new Error('idempotent send: the first message is not readable');
      return this.replayed(first, conversationId);
    }
    const message = messageOf(row);
    void this.publishMessage(message, [me, peerId]);
    return message;
  }

  /** The first message of a key: it must belong to the conversation the retry names. */
  private replayed(first: MessageRow, conversationId: string): Message {
    if (first.conversationId !== conversationId) {
      throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was used for a message to another conversation', 422);
    }
    return messageOf(first);
  }

  /**
   * After the commit: each participant's streams get the message with the conversation as they see it (one read for
   * both sides; none when nobody listens).
   */
  private async publishMessage(message: Message, participants: string[]): Promise<void> {
    if (!participants.some((userId) => this.hub.wants(userId))) return;
    try {
      const now = new Date();
      const sides = await this.views(undefined, eq(conversationMembers.conversationId, message.conversation_id));
      this.fanOut(
        sides
          .filter((side) => this.hub.wants(side.userId))
          .map((side) => [side.userId, { event: 'message', data: { conversation: this.conversationOf(side, now), message } }] as const),
      );
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, messageId: message.id }, 'live: message not published (the web polls)');
    }
  }

  private fanOut(events: readonly (readonly [string, Parameters<LiveHub['publish']>[1]])[]): void {
    for (const [userId, event] of events) {
      this.hub
        .publish(userId, event)
        .catch((err: Error) => this.logger.warn({ err: err.message, userId }, 'live: event not published (the web polls)'));
    }
  }
}

const p = (name: keyof SendValues & string) => sql.placeholder(name);
/** A placeholder where drizzle's types take only values or SQL (`set`): sent to the driver as given. */
const v = (name: keyof SendValues & string) => sql`${p(name)}`;

interface SendValues extends Record<string, unknown> {
  id: string;
  conversationId: string;
  me: string;
  senderName: string;
  body: string;
  kind: string;
  /** JSON text, or null for a text message (SQL NULL, as drizzle's insert writes it). */
  media: string | null;
  tags: string[];
  key: string | null;
  now: Date;
  teaser: string;
  peerId: string;
  alertId: string;
  alertParams: string;
  alertMessage: string;
  alertLink: string;
}

/**
 * The writes of one send (see `send`), prepared once: the other writes read `msg`, so they happen only with it. The
 * answer's `written` is 0 when the sender already sent one with this Idempotency-Key and nothing was written.
 */
const SEND = new PreparedSql<SendValues>((db) => {
  const written = sql`exists (select 1 from msg)`;
  return sql`
    with msg as ${db
      .insert(messages)
      .values({
        id: p('id'),
        conversationId: p('conversationId'),
        senderId: p('me'),
        senderName: p('senderName'),
        body: p('body'),
        kind: p('kind'),
        media: sql`${p('media')}::jsonb`,
        tags: p('tags'),
        idempotencyKey: p('key'),
        createdAt: p('now'),
      })
      .onConflictDoNothing({ target: [messages.senderId, messages.idempotencyKey] })
      .returning({ id: messages.id })},
    conv as ${db
      .update(conversations)
      .set({
        lastMessageTeaser: v('teaser'),
        lastMessageSender: v('me'),
        lastMessageKind: v('kind'),
        lastMessageDate: v('now'),
        updatedAt: v('now'),
      })
      .where(and(eq(conversations.id, p('conversationId')), written))},
    sides as ${db
      .update(conversationMembers)
      .set({
        updatedAt: v('now'),
        pending: sql`case when ${conversationMembers.userId} = ${p('peerId')} then ${conversationMembers.pending} + 1 else ${conversationMembers.pending} end`,
      })
      .where(and(eq(conversationMembers.conversationId, p('conversationId')), written))
      .returning({ userId: conversationMembers.userId, pending: conversationMembers.pending })},
    alert as (
      insert into ${alerts} (id, user_id, role, origin, type, subtype, params, message, link, event_id)
      select ${p('alertId')}, ${p('peerId')},
        case when exists (select 1 from ${shops} where ${shops.ownerId} = ${p('peerId')}) then 'shop_admin' else 'customer' end,
        'messages', 'message_received', ${p('kind')}, ${p('alertParams')}::jsonb, ${p('alertMessage')}::jsonb, ${p('alertLink')}, ${p('id')}
      where exists (select 1 from sides where sides.user_id = ${p('peerId')} and sides.pending = 1)
        -- offline: no heartbeat within the online window (presence.ts isOnline)
        and not exists (
          select 1 from ${presence} where ${presence.userId} = ${p('peerId')}
            and ${presence.heartbeatAt} > ${p('now')}::timestamptz - ${sql.raw(String(ConversationLimits.onlineWithinMs))}::int * interval '1 millisecond'
        )
      on conflict do nothing
    )
    select (select count(*) from msg)::int as written`;
});

/** The writes of one send (`SEND`), answering whether the message was written. */
async function sendStatement(db: Db<typeof schema> | Tx<typeof schema>, row: MessageRow, peerId: string, now: Date): Promise<boolean> {
  const [answer] = await SEND.execute<{ written: number }>(db, {
    id: row.id,
    conversationId: row.conversationId,
    me: row.senderId,
    senderName: row.senderName,
    body: row.body,
    kind: row.kind,
    media: row.media === null ? null : JSON.stringify(row.media),
    tags: row.tags,
    key: row.idempotencyKey,
    now,
    teaser: messageTeaser(row.body),
    peerId,
    alertId: newId(),
    alertParams: JSON.stringify({ ...NO_REFS, customer: row.senderId }),
    alertMessage: JSON.stringify(messageReceivedText(row.senderName)),
    alertLink: `/me/inbox/conversation/${row.conversationId}`,
  });
  return answer?.written === 1;
}

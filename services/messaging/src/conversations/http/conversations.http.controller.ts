import { Body, Controller, Get, Param, Patch, Put, Query, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ConversationLimits,
  ConversationListSchema,
  ConversationPeopleSchema,
  ConversationSchema,
  HeartbeatSchema,
  UnreadCountSchema,
  type Conversation,
  type ConversationList,
  type ConversationPeople,
} from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiRefusals, ApiTags, OwnerPath, PathOwner, openApiSchemaOf, type OwnerRef } from '@vitrina/platform';
import { ConversationsService } from '../conversations.service.js';
import { LiveStreams } from '../live/live-streams.js';
import { ConversationListQueryDto, OpenConversationDto, PeopleQueryDto, ReadConversationDto } from './conversations.dto.js';

/** GET .../live: an endless text/event-stream, a string in the OpenAPI (its events are the contract's types). */
// optional: the handler writes the stream itself and returns nothing, which the answer check must accept
const LiveStreamSchema = z.string().optional().meta({
  description:
    'text/event-stream: `event: message` with a LiveMessageEvent, `event: conversation` with a Conversation (JSON `data:`), `: ping` every 15 s',
});

/**
 * The signed-in user's conversations (issue 15; spec 2 §2 'Chat inbox', §7 `conversation {meID}:{key}`).
 * @OwnerPath refuses (401/403) anyone but the owner of `{me}`; a conversation the caller is not in is 404.
 */
@ApiTags('conversation')
@ApiRefusals(400)
@Controller('conversation')
@OwnerPath('me')
export class ConversationsHttpController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly live: LiveStreams,
  ) {}

  @Get(':me/conversation')
  @ApiOperation({
    summary: "The caller's conversations, newest activity first, 10 at a time; `filter` words are prefixes (all must match)",
  })
  @ApiAnswer(ConversationListSchema)
  list(@PathOwner() me: OwnerRef, @Query() q: ConversationListQueryDto): Promise<ConversationList> {
    return this.conversations.list(me.ownerId, q.offset ?? 0, q.limit ?? ConversationLimits.conversationPage, q.filter);
  }

  @Put(':me/conversation')
  @ApiOperation({ summary: 'The conversation with `peer`: made when missing (201), else the existing one (200)' })
  @ApiResponse({ status: 201, description: 'Created', content: { 'application/json': { schema: openApiSchemaOf(ConversationSchema) } } })
  @ApiAnswer(ConversationSchema, { errors: [404] })
  async open(
    @PathOwner() me: OwnerRef,
    @Body() dto: OpenConversationDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Conversation> {
    const { conversation, created } = await this.conversations.open(me.ownerId, dto.peer);
    void reply.status(created ? 201 : 200);
    return conversation;
  }

  @Get(':me/conversation/:id')
  @ApiOperation({ summary: 'One conversation of the caller' })
  @ApiAnswer(ConversationSchema, { errors: [404] })
  get(@PathOwner() me: OwnerRef, @Param('id') id: string): Promise<Conversation> {
    return this.conversations.get(me.ownerId, id);
  }

  @Patch(':me/conversation/:id')
  @ApiOperation({ summary: 'The caller read the conversation: body `{ pending: 0 }`' })
  @ApiAnswer(ConversationSchema, { errors: [404] })
  read(@PathOwner() me: OwnerRef, @Param('id') id: string, @Body() _dto: ReadConversationDto): Promise<Conversation> {
    return this.conversations.markRead(me.ownerId, id);
  }

  @Get(':me/unread')
  @ApiOperation({ summary: "The caller's unread messages over all their conversations" })
  @ApiAnswer(UnreadCountSchema)
  unread(@PathOwner() me: OwnerRef): Promise<{ pending: number }> {
    return this.conversations.unread(me.ownerId);
  }

  @Put(':me/heartbeat')
  @ApiOperation({ summary: 'The caller is in the inbox (every 5 minutes while a conversation is open): online for 5 minutes' })
  @ApiAnswer(HeartbeatSchema)
  heartbeat(@PathOwner() me: OwnerRef): Promise<{ heartbeat: string }> {
    return this.conversations.heartbeat(me.ownerId);
  }

  @Get(':me/people')
  @ApiOperation({ summary: 'Sellers (shop owners) to start a conversation with, by their name or their shop name; never the caller' })
  @ApiAnswer(ConversationPeopleSchema)
  people(@PathOwner() me: OwnerRef, @Query() q: PeopleQueryDto): Promise<ConversationPeople> {
    return this.conversations.people(me.ownerId, q.filter, q.limit ?? ConversationLimits.peopleMax);
  }

  @Get(':me/live')
  @ApiOperation({
    summary:
      'Server-Sent Events for the caller: `message` (a message reached one of their conversations), `conversation` (one changed without a message); `: ping` every 15 s',
  })
  @ApiAnswer(LiveStreamSchema, { contentType: 'text/event-stream' })
  async stream(@PathOwner() me: OwnerRef, @Res() reply: FastifyReply): Promise<void> {
    await this.live.open(me.ownerId, reply);
  }
}

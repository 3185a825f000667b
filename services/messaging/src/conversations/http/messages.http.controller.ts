import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiHeader, ApiParam } from '@nestjs/swagger';
import {
  ConversationLimits,
  MESSAGE_LIST_TYPES,
  MessageListSchema,
  MessageSchema,
  type Message,
  type MessageList,
} from '@vitrina/contracts';
import {
  IdempotencyKeyHeader,
  ApiAnswer,
  ApiOperation,
  ApiRefusals,
  ApiTags,
  OwnerPath,
  PathOwner,
  ValidationError,
  type OwnerRef,
} from '@vitrina/platform';
import { ConversationsService } from '../conversations.service.js';
import { MessageListQueryDto, SendMessageDto } from './conversations.dto.js';

/** `Idempotency-Key`: 1-255 visible ASCII characters. */
function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!header || header.length > 255 || !/^[\x21-\x7e]+$/.test(header)) {
    throw new ValidationError('Idempotency-Key must be 1-255 visible ASCII characters', undefined, 'invalid_idempotency_key');
  }
  return header;
}

/**
 * The messages of the caller's conversations (issue 15; spec 2 §7 `messages {meID}:{key}`). @OwnerPath refuses
 * (401/403) anyone but the owner of `{me}`; a conversation the caller is not in is 404 `conversation_not_found`.
 */
@ApiTags('messages')
@ApiRefusals(400)
@Controller('messages')
@OwnerPath('me')
export class MessagesHttpController {
  constructor(private readonly conversations: ConversationsService) {}

  @Get(':me/messages/:conversation/:type')
  @ApiParam({ name: 'type', enum: MESSAGE_LIST_TYPES })
  @ApiOperation({
    summary:
      "A conversation's messages, newest first, 20 at a time; `type` all, text or media; `tags` any of them; `filter` words as prefixes",
  })
  @ApiAnswer(MessageListSchema, { errors: [404] })
  list(
    @PathOwner() me: OwnerRef,
    @Param('conversation') conversation: string,
    @Param('type') type: string,
    @Query() q: MessageListQueryDto,
  ): Promise<MessageList> {
    if (!(MESSAGE_LIST_TYPES as readonly string[]).includes(type)) {
      throw new ValidationError(`type must be one of ${MESSAGE_LIST_TYPES.join(', ')}`, { type: ['unknown type'] });
    }
    return this.conversations.messages(me.ownerId, conversation, {
      type: type as (typeof MESSAGE_LIST_TYPES)[number],
      offset: q.offset ?? 0,
      limit: q.limit ?? ConversationLimits.messagePage,
      tags: q.tags,
      filter: q.filter,
    });
  }

  @Post(':me/messages/:conversation')
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'A retry with the same key answers the first message and adds nothing (422 when the key sent a message to another conversation)',
  })
  @ApiOperation({ summary: 'Sends a message to the conversation: text, media or both, with up to 5 tags' })
  @ApiAnswer(MessageSchema, { status: 201, errors: [404, 422] })
  send(
    @PathOwner() me: OwnerRef,
    @Param('conversation') conversation: string,
    @Body() dto: SendMessageDto,
    @IdempotencyKeyHeader() key?: string,
  ): Promise<Message> {
    return this.conversations.send(me.ownerId, conversation, dto, idempotencyKey(key));
  }
}

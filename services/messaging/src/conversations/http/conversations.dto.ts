import { Transform, Type } from 'class-transformer';
import { Equals, IsArray, IsIn, IsInt, IsObject, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { ConversationLimits, MEDIA_KINDS, type MediaKind } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, Optional, pageQueryDto } from '@vitrina/platform';

/** An empty optional text is an absent one. */
const trimToAbsent = Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || undefined : value));

/** `GET /conversation/{me}:{key}/conversation`: 10 at a time, `filter` words matched as prefixes in peer name and teaser. */
export class ConversationListQueryDto extends pageQueryDto(ConversationLimits.conversationPage, ConversationLimits.conversationPageMax) {
  @ApiPropertyOptional({
    maxLength: ConversationLimits.filterMax,
    description: "Words, each the start of a word of the peer's name or of the last message's teaser (all must match)",
  })
  @trimToAbsent
  @Optional()
  @IsString()
  @MaxLength(ConversationLimits.filterMax)
  filter?: string;
}

/** `PUT /conversation/{me}:{key}/conversation`: the user to talk with. */
export class OpenConversationDto {
  @ApiProperty({ maxLength: 64, pattern: '^[\\w-]+$', description: "The other user's id" })
  @IsString()
  @MaxLength(64)
  @Matches(/^[\w-]+$/, { message: 'peer must be a user id' })
  peer!: string;
}

/** `PATCH /conversation/{me}:{key}/conversation/{id}`: only `{ pending: 0 }` (the caller read it). */
export class ReadConversationDto {
  @ApiProperty({ enum: [0], description: 'Always 0: the caller has read the conversation' })
  @Equals(0, { message: 'pending must be 0' })
  pending!: 0;
}

/** `GET /conversation/{me}:{key}/people`: sellers to start a conversation with. */
export class PeopleQueryDto {
  @ApiPropertyOptional({
    maxLength: ConversationLimits.filterMax,
    description: "Words found at the start of the person's or their shop's name",
  })
  @trimToAbsent
  @Optional()
  @IsString()
  @MaxLength(ConversationLimits.filterMax)
  filter?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: ConversationLimits.peopleMax, default: ConversationLimits.peopleMax })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(ConversationLimits.peopleMax)
  limit?: number;
}

/** `GET /messages/{me}:{key}/messages/{conversation}/{type}`: 20 at a time, newest first. */
export class MessageListQueryDto extends pageQueryDto(ConversationLimits.messagePage, ConversationLimits.messagePageMax) {
  @ApiPropertyOptional({ description: 'Comma-separated tags: messages carrying any of them', maxLength: 1100 })
  @trimToAbsent
  @Optional()
  @IsString()
  @MaxLength(1100)
  tags?: string;

  @ApiPropertyOptional({
    maxLength: ConversationLimits.filterMax,
    description: 'Words, each the start of a word of the text (all must match)',
  })
  @trimToAbsent
  @Optional()
  @IsString()
  @MaxLength(ConversationLimits.filterMax)
  filter?: string;
}

export class MessageMediaDto {
  @ApiProperty({ enum: MEDIA_KINDS })
  @IsIn(MEDIA_KINDS)
  kind!: MediaKind;

  @ApiProperty({ maxLength: ConversationLimits.mediaUrlMax, description: 'A URL the gallery serves (an upload of the platform)' })
  @IsString()
  url!: string;

  @ApiProperty({ maxLength: ConversationLimits.mediaNameMax })
  @IsString()
  name!: string;
}

/**
 * `POST /messages/{me}:{key}/messages/{conversation}` (spec 2 §3 'Message payload'). Lengths, tags and the media URL
 * are checked by the service so each answers its own code (message_too_long, invalid_tag, invalid_media);
 * `peer_name`, `last_message_teaser`, `last_message_sender` and `visibility_ids` are accepted and ignored.
 */
export class SendMessageDto {
  @ApiProperty({ maxLength: ConversationLimits.bodyMax, description: 'The text; may be empty when the message carries media' })
  @IsString()
  body!: string;

  @ApiPropertyOptional({ type: MessageMediaDto })
  @Optional()
  @IsObject({ message: 'media must be an object' })
  @ValidateNested()
  @Type(() => MessageMediaDto)
  media?: MessageMediaDto;

  @ApiPropertyOptional({
    type: [String],
    maxItems: ConversationLimits.tagsMax,
    description: '`product:{owner}:{id}`, `service:{owner}:{id}` or `order:{owner}:{x}:{orderid}`',
  })
  @Optional()
  @IsArray()
  @IsString({ each: true })
  tags?: string[];

  @ApiPropertyOptional({ description: 'Ignored (the server derives it)' })
  @Optional()
  @IsString()
  peer_name?: string;

  @ApiPropertyOptional({ description: 'Ignored (the server derives it)' })
  @Optional()
  @IsString()
  last_message_teaser?: string;

  @ApiPropertyOptional({ description: 'Ignored (the server derives it)' })
  @Optional()
  @IsString()
  last_message_sender?: string;

  @ApiPropertyOptional({ type: [String], description: 'Ignored (the server derives it)' })
  @Optional()
  @IsArray()
  @IsString({ each: true })
  visibility_ids?: string[];
}

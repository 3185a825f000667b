import {
  RETURN_NOTE_VISIBILITIES,
  RETURN_REASONS,
  RETURN_STATUSES,
  ReturnLimits,
  type ReturnNoteVisibility,
  type ReturnReason,
  type ReturnStatus,
} from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, ListQueryDto, Optional } from '@vitrina/platform';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsPhotoUrl } from '../../reviews/http/reviews.dto.js';

/** POST /{me}:{me}/orders/{order}/returns (spec 3 §3 'Return request': reason, sub-reason, photos, comments). */
export class OpenReturnDto {
  @ApiProperty({ enum: RETURN_REASONS, description: 'One of the 17 reasons of spec 3 §9' })
  @IsIn(RETURN_REASONS)
  reason!: ReturnReason;

  @ApiPropertyOptional({ maxLength: ReturnLimits.subReasonMax })
  @Optional()
  @IsString()
  @MaxLength(ReturnLimits.subReasonMax)
  sub_reason?: string;

  @ApiPropertyOptional({ type: [String], maxItems: ReturnLimits.photosMax, description: 'Gallery file addresses (none when absent)' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(ReturnLimits.photosMax)
  @IsPhotoUrl({ each: true })
  photos?: string[];

  @ApiPropertyOptional({ maxLength: ReturnLimits.commentsMax })
  @Optional()
  @IsString()
  @MaxLength(ReturnLimits.commentsMax)
  comments?: string;
}

/** POST .../returns/{id}/comments: the customer's comment. */
export class ReturnCommentDto {
  @ApiProperty({ maxLength: ReturnLimits.noteMax })
  @IsString()
  @Matches(/\S/, { message: 'body must not be blank' })
  @MaxLength(ReturnLimits.noteMax)
  body!: string;
}

/** POST .../returns/{id}/notes: the seller's note, visible to the client or internal. */
export class ReturnNoteDto extends ReturnCommentDto {
  @ApiProperty({ enum: RETURN_NOTE_VISIBILITIES })
  @IsIn(RETURN_NOTE_VISIBILITIES)
  visibility!: ReturnNoteVisibility;
}

/** POST .../returns/{id}/refunds: an amount in minor units, at most the amount available. */
export class ReturnRefundDto {
  @ApiProperty({ minimum: 1, maximum: ReturnLimits.refundMaxMinor, description: 'Minor units of the order currency' })
  @IsInt()
  @Min(1)
  @Max(ReturnLimits.refundMaxMinor)
  amount_minor!: number;
}

/** POST .../returns/{id}/label: the seller issues the return label (spec 3 §3 'return_shipping_label'). */
export class ReturnLabelDto {
  @ApiProperty({
    minLength: ReturnLimits.labelShipToMin,
    maxLength: ReturnLimits.labelShipToMax,
    description: 'Where the customer sends the parcel: name, street and number, colonia, city, state, postal code (several lines allowed)',
  })
  @IsString()
  @Matches(/\S/, { message: 'ship_to must not be blank' })
  @MinLength(ReturnLimits.labelShipToMin)
  @MaxLength(ReturnLimits.labelShipToMax)
  ship_to!: string;

  @ApiPropertyOptional({ maxLength: ReturnLimits.labelCarrierMax, description: "The carrier of the seller's guide, when they bought one" })
  @Optional()
  @IsString()
  @MaxLength(ReturnLimits.labelCarrierMax)
  carrier?: string;

  @ApiPropertyOptional({ maxLength: ReturnLimits.labelTrackingMax, description: "The carrier's guide (tracking) number" })
  @Optional()
  @IsString()
  @MaxLength(ReturnLimits.labelTrackingMax)
  tracking_number?: string;
}

export class ReturnListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: RETURN_STATUSES }) @Optional() @IsIn(RETURN_STATUSES) status?: ReturnStatus;
}

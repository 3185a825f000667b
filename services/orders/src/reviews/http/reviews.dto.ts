import { OrderLimits, REVIEW_RATING } from '@vitrina/contracts';
import { ApiProperty, ApiPropertyOptional, ListQueryDto, Optional } from '@vitrina/platform';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  Matches,
  registerDecorator,
  type ValidationOptions,
} from 'class-validator';

/** A photo of the review: a gallery file's address, absolute http(s) or a path on this site (`/api/gallery/files/...`). */
export function IsPhotoUrl(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    registerDecorator({
      name: 'isPhotoUrl',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be an http(s) URL or a path starting with /', ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && isPhotoUrl(value) },
    });
  };
}

export function isPhotoUrl(value: string): boolean {
  if (value.length > 2048 || /\s/.test(value)) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** POST .../lines/{lineId}/review (spec 3 §3 'Review': title, rating, text, photos). */
export class CreateReviewDto {
  @ApiProperty({ maxLength: OrderLimits.reviewTitleMax })
  @IsString()
  @Matches(/\S/, { message: 'title must not be blank' })
  @MaxLength(OrderLimits.reviewTitleMax)
  title!: string;

  @ApiProperty({ minimum: REVIEW_RATING.min, maximum: REVIEW_RATING.max, description: 'Stars, 1 to 5' })
  @IsInt()
  @Min(REVIEW_RATING.min)
  @Max(REVIEW_RATING.max)
  rating!: number;

  @ApiProperty({ maxLength: OrderLimits.reviewTextMax })
  @IsString()
  @MaxLength(OrderLimits.reviewTextMax)
  text!: string;

  @ApiPropertyOptional({ type: [String], maxItems: OrderLimits.reviewPhotosMax, description: 'Gallery URLs (none when absent)' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(OrderLimits.reviewPhotosMax)
  @IsPhotoUrl({ each: true })
  photos?: string[];
}

/** PATCH .../lines/{lineId}/review: the fields to change (absent ones stay). */
export class EditReviewDto {
  @ApiPropertyOptional({ maxLength: OrderLimits.reviewTitleMax })
  @Optional()
  @IsString()
  @Matches(/\S/, { message: 'title must not be blank' })
  @MaxLength(OrderLimits.reviewTitleMax)
  title?: string;

  @ApiPropertyOptional({ minimum: REVIEW_RATING.min, maximum: REVIEW_RATING.max })
  @Optional()
  @IsInt()
  @Min(REVIEW_RATING.min)
  @Max(REVIEW_RATING.max)
  rating?: number;

  @ApiPropertyOptional({ maxLength: OrderLimits.reviewTextMax })
  @Optional()
  @IsString()
  @MaxLength(OrderLimits.reviewTextMax)
  text?: string;

  @ApiPropertyOptional({ type: [String], maxItems: OrderLimits.reviewPhotosMax, description: 'Gallery URLs; [] removes them all' })
  @Optional()
  @IsArray()
  @ArrayMaxSize(OrderLimits.reviewPhotosMax)
  @IsPhotoUrl({ each: true })
  photos?: string[];
}

export class ReviewListQueryDto extends ListQueryDto {}

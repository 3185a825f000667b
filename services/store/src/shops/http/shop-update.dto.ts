import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsNotEmpty, IsString, Matches, MaxLength, registerDecorator } from 'class-validator';
import { Optional, OptionalNullable } from '@vitrina/platform';
import {
  FOOTER_STYLES,
  PACKAGE_IDS,
  PHOTO_DISPLAYS,
  SHOP_SECTIONS,
  SIGNUP_FORMS,
  StoreLimits,
  THEMES,
  type FooterStyle,
  type PhotoDisplay,
  type ShopSection,
  type SignupForm,
  type Theme,
} from '@vitrina/contracts';
import { IsWebOrPathUrl, emptyToNull, trim } from '../../shared/dto.js';
import { isWebAddress } from '../../shared/text.js';

/** A CSS colour the editors produce: #rgb, #rrggbb, #rrggbbaa, rgb()/rgba(). */
export const COLOUR =
  /^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/;
/** A social handle (appended to the network's address): letters, digits, '.', '_', '-'; a leading @ is dropped. */
export const HANDLE = /^[A-Za-z0-9._-]{1,100}$/;

const handle = ({ value }: { value: unknown }) => {
  const v = emptyToNull({ value } as never);
  return typeof v === 'string' ? v.replace(/^@/, '') : v;
};

/** spec 1 §5: a full, valid web address (http or https with a host). */
function IsWebAddress(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isWebAddress',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: '$property must be a valid URL (http or https)' },
      validator: { validate: (v: unknown) => typeof v === 'string' && isWebAddress(v) },
    });
}

/**
 * `PATCH /store/{owner}:{owner}/{type}/store`: shop identity and settings (spec 1 §2 header bar, social
 * links editor, background, `admin/configuracion`; §5 validation). Only the sent fields change; nullable
 * fields (`@OptionalNullable`: logo, colours, background, social links, contact, SEO) take "" or null as "clear"
 * (spec 1 §5: empty values are sent as null); the others refuse null with 400. Unknown fields answer 400.
 */
export class UpdateShopDto {
  // identity
  @ApiPropertyOptional({ maxLength: StoreLimits.shopNameMax, description: 'Required: cannot be cleared' })
  @Optional()
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(StoreLimits.shopNameMax)
  name?: string;

  @ApiPropertyOptional({ nullable: true, description: 'Logo URL (gallery upload)' })
  @Transform(emptyToNull)
  @OptionalNullable()
  @IsWebOrPathUrl()
  photo?: string | null;

  @ApiPropertyOptional({ enum: PHOTO_DISPLAYS })
  @Optional()
  @IsIn(PHOTO_DISPLAYS)
  photo_display?: PhotoDisplay;

  @ApiPropertyOptional({ description: 'Shop slug; 409 slug_taken "Este dominio no está disponible" when taken' })
  @Optional()
  @Transform(trim)
  @IsString()
  @MaxLength(StoreLimits.slugMax)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'slug may hold letters, digits, _ and -' })
  slug?: string;

  @ApiPropertyOptional() @Optional() @IsBoolean() hidden_store_name?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() hidden_search_bar?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() hidden_affinity_xheader?: boolean;

  // theme
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(COLOUR, { message: '$property must be a colour' })
  color1?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(COLOUR, { message: '$property must be a colour' })
  color2?: string | null;

  @ApiPropertyOptional({ enum: [1, 2] })
  @Optional()
  @IsIn([1, 2])
  columns?: 1 | 2;

  @ApiPropertyOptional({ nullable: true, description: 'Background: a colour or an image URL' })
  @Transform(emptyToNull)
  @OptionalNullable()
  @IsString()
  @MaxLength(StoreLimits.urlMax)
  @Matches(/^(#[0-9a-fA-F]{3,8}|rgba?\(.*\)|https?:\/\/\S+|\/(?!\/)\S*)$/, { message: 'bgcolor must be a colour or an image URL' })
  bgcolor?: string | null;

  @ApiPropertyOptional({ enum: THEMES }) @Optional() @IsIn(THEMES) theme?: Theme;
  @ApiPropertyOptional({ enum: SIGNUP_FORMS }) @Optional() @IsIn(SIGNUP_FORMS) signup_form?: SignupForm;
  @ApiPropertyOptional() @Optional() @IsBoolean() darkmode?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() hidden_darkmode?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() slider?: boolean;
  @ApiPropertyOptional() @Optional() @IsBoolean() header?: boolean;

  @ApiPropertyOptional({ nullable: true }) @Transform(emptyToNull) @OptionalNullable() @IsString() @MaxLength(40) adornment_type?:
    string | null;

  // footer
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(COLOUR, { message: '$property must be a colour' })
  footer_bg?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(COLOUR, { message: '$property must be a colour' })
  footer_fg?: string | null;
  @ApiPropertyOptional({ enum: FOOTER_STYLES }) @Optional() @IsIn(FOOTER_STYLES) footer_style?: FooterStyle;

  // social links (spec 1 §5): handles, discord a full URL; "" -> null
  @ApiPropertyOptional({ nullable: true })
  @Transform(handle)
  @OptionalNullable()
  @Matches(HANDLE, { message: '$property must be a handle' })
  facebook?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(handle)
  @OptionalNullable()
  @Matches(HANDLE, { message: '$property must be a handle' })
  instagram?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(handle)
  @OptionalNullable()
  @Matches(HANDLE, { message: '$property must be a handle' })
  twitter?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(handle)
  @OptionalNullable()
  @Matches(HANDLE, { message: '$property must be a handle' })
  youtube?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(handle)
  @OptionalNullable()
  @Matches(HANDLE, { message: '$property must be a handle' })
  twitch?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(handle)
  @OptionalNullable()
  @Matches(HANDLE, { message: '$property must be a handle' })
  kick?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'A full, valid URL' })
  @Transform(emptyToNull)
  @OptionalNullable()
  @IsWebAddress()
  discord?: string | null;

  // contact (admin/configuracion)
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @IsEmail({}, { message: 'contact_email must be an e-mail' })
  @MaxLength(254)
  contact_email?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(/^[0-9]{4,15}$/, { message: '$property must be a phone number (digits)' })
  contact_phone?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(/^\+?[0-9]{1,4}$/, { message: '$property must be a country code' })
  contact_country_code?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(/^[0-9]{4,15}$/, { message: '$property must be a phone number (digits)' })
  whatsapp_phone?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(/^\+?[0-9]{1,4}$/, { message: '$property must be a country code' })
  whatsapp_country_code?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Transform(emptyToNull) @OptionalNullable() @IsString() @MaxLength(100) live_chat_license?:
    string | null;

  // settings (admin/configuracion)
  @ApiPropertyOptional({ nullable: true }) @Transform(emptyToNull) @OptionalNullable() @IsString() @MaxLength(300) seo_description?:
    string | null;
  @ApiPropertyOptional({ nullable: true }) @Transform(emptyToNull) @OptionalNullable() @IsWebOrPathUrl() favicon?: string | null;
  @ApiPropertyOptional({ nullable: true })
  @Transform(emptyToNull)
  @OptionalNullable()
  @Matches(/^[0-9]{5,20}$/, { message: 'fb_pixel must be a pixel id (digits)' })
  fb_pixel?: string | null;
  @ApiPropertyOptional({ nullable: true }) @Transform(emptyToNull) @OptionalNullable() @IsWebAddress() users_support_url?: string | null;
  @ApiPropertyOptional({
    nullable: true,
    enum: PACKAGE_IDS,
    description: 'The package those who sign up in this shop are offered at once (spec 2 §4 With a signup plan), or null',
  })
  @Transform(emptyToNull)
  @OptionalNullable()
  @IsIn(PACKAGE_IDS)
  signup_plan?: string | null;

  @ApiPropertyOptional({
    enum: SHOP_SECTIONS,
    isArray: true,
    description: 'Sections the shop shows ("catalogues" follows the catalogues themselves)',
  })
  @Optional()
  @IsIn(SHOP_SECTIONS, { each: true })
  sections_info?: ShopSection[];
}

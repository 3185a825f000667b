import { Body, Controller, Param, Post } from '@nestjs/common';
import { ContactEntrySchema, type ContactEntry } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiTags, CurrentUser, type AuthUser } from '@vitrina/platform';
import { ContactsService } from '../contacts.service.js';
import { CreateContactDto } from './contact.dto.js';

/**
 * The shop's contact modal (issue 15; spec 1 §2 'Shop home', 'Other screens': a shop-level enquiry, or one about an
 * item with `item_id`). Public: a visitor writes without an account; a signed-in sender is recorded as `user`.
 */
@ApiTags('messaging')
@Controller('messaging')
export class ContactsHttpController {
  constructor(private readonly contacts: ContactsService) {}

  @Post('contact/:shop')
  @ApiOperation({ summary: 'A message to the shop (its id or slug) from its contact modal' })
  @ApiAnswer(ContactEntrySchema, { status: 201, errors: [400, 404, 429] })
  create(@Param('shop') shop: string, @Body() dto: CreateContactDto, @CurrentUser() user?: AuthUser): Promise<ContactEntry> {
    return this.contacts.create(shop, dto, user?.id);
  }
}

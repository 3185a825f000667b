import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ContactEntryListSchema, ContactEntrySchema, ContactLimits, type ContactEntry, type ContactEntryList } from '@vitrina/contracts';
import { ApiAnswer, ApiOperation, ApiTags, ForbiddenError, OwnerPath, PathOwner, type OwnerRef } from '@vitrina/platform';
import { ContactsService } from '../contacts.service.js';
import { ContactListQueryDto } from './contact.dto.js';
import { ContactReaderGuard } from './contact-reader.guard.js';

/** `/{meID}:{key}/{meID}`: both ids must be the caller's (403 otherwise, nothing read). */
function sameOwner(owner: OwnerRef, me: string): string {
  if (me !== owner.ownerId) throw new ForbiddenError('The path names two different users');
  return owner.ownerId;
}

/**
 * spec 2 §7 `contact-admin {meID}:{key}/{meID}[/{id}]` (issue 15): the contact entries of the caller's shops.
 * @OwnerPath refuses (401/403) anyone but the owner; ContactReaderGuard anyone without the admin or contact-admin
 * keychain access (spec 2 §6); an entry of another owner's shop is not found.
 */
@ApiTags('contact-admin')
@Controller('contact-admin')
@OwnerPath('owner')
@UseGuards(ContactReaderGuard)
export class ContactAdminHttpController {
  constructor(private readonly contacts: ContactsService) {}

  @Get(':owner/:me')
  @ApiOperation({ summary: "The contact entries of the caller's shops, newest first, 20 at a time; `filter` in name, e-mail or message" })
  @ApiAnswer(ContactEntryListSchema, { errors: [400] })
  list(@PathOwner() owner: OwnerRef, @Param('me') me: string, @Query() q: ContactListQueryDto): Promise<ContactEntryList> {
    return this.contacts.list(sameOwner(owner, me), q.offset ?? 0, q.limit ?? ContactLimits.page, q.filter);
  }

  @Get(':owner/:me/:id')
  @ApiOperation({ summary: "One contact entry of the caller's shops" })
  @ApiAnswer(ContactEntrySchema, { errors: [404] })
  detail(@PathOwner() owner: OwnerRef, @Param('me') me: string, @Param('id') id: string): Promise<ContactEntry> {
    return this.contacts.get(sameOwner(owner, me), id);
  }
}

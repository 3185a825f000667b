import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ForbiddenError, getAuthUser } from '@vitrina/platform';
import { mayReadContacts } from '../domain/contact-rules.js';

/**
 * spec 2 §6: contact entries are readable only with the admin or contact-admin keychain access (accounts gives a shop
 * owner 'contact-admin'). 403 `forbidden` before anything is read. Runs after the global AuthGuard, which has already
 * checked the token and that the caller is the path's owner.
 */
@Injectable()
export class ContactReaderGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!mayReadContacts(getAuthUser(context.switchToHttp().getRequest())?.keychain)) {
      throw new ForbiddenError('Contact entries need the admin or contact-admin access');
    }
    return true;
  }
}

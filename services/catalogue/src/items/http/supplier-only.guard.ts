import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ForbiddenError, getAuthUser } from '@vitrina/platform';

/** The keychain API that makes an account a supplier (spec 1 §6; docs/architecture.md §3 keychain). */
export const SUPPLIER_API = 'dssupplier-admin';

/**
 * Supplier-only writes (issue 9 item 4): creating, editing, publishing, unpublishing, restocking and deleting
 * items need the `dssupplier-admin` keychain the access token carries; anyone else gets 403 `forbidden` before
 * the body is even validated, so nothing is written. Runs after the global AuthGuard, which has already
 * checked the token and that the caller may act as the path's owner.
 */
@Injectable()
export class SupplierOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = getAuthUser(context.switchToHttp().getRequest());
    if (!user?.keychain.includes(SUPPLIER_API)) {
      throw new ForbiddenError('Only suppliers (dssupplier-admin) may create, edit or publish items');
    }
    return true;
  }
}

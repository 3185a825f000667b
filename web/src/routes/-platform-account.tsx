import { AccountHeader } from '@/features/account-menu/components/account-header';
import { AlertsBell } from './-alerts-bell';

/**
 * The account corner of the platform's pages outside a shop (not a route: the `-` keeps the router plugin from reading
 * it): the account menu with the alerts bell beside it, wired here because features never import each other.
 */
export function PlatformAccount() {
  return <AccountHeader shopPath="/" alerts={<AlertsBell />} />;
}

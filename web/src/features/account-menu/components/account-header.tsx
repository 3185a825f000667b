import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session/use-session';
import { AccountSkeleton, AuthButtons, type AuthButtonsProps } from './auth-buttons';
import type { UserMenuProps } from './user-menu';

// Visitors never need the avatar's side menu (drawer, links, language and theme controls).
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

export type AccountHeaderProps = AuthButtonsProps & UserMenuProps;

/**
 * The account corner of a header bar (spec 1 §2): skeletons while the profile loads, log-in and sign-up
 * buttons for visitors, the avatar and its side menu once signed in.
 */
export function AccountHeader({ registerOptions, ...menu }: AccountHeaderProps) {
  const { status, isLoading } = useSession();
  if (isLoading) return <AccountSkeleton />;
  if (status === 'authenticated') {
    return (
      <Suspense fallback={<AccountSkeleton />}>
        <UserMenu {...menu} />
      </Suspense>
    );
  }
  return <AuthButtons {...(registerOptions ? { registerOptions } : {})} />;
}

import { Group } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSession } from '@/lib/session/use-session';
import { AccountSkeleton, AuthButtons, type AuthButtonsProps } from './auth-buttons';
import type { UserMenuProps } from './user-menu';

// Visitors never need the avatar's side menu (drawer, links, language and theme controls).
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

export type AccountHeaderProps = AuthButtonsProps &
  UserMenuProps & {
    /** The alerts bell (spec 2 §2), beside the avatar for signed-in users only; the route passes it in. */
    alerts?: ReactNode;
  };

/**
 * The account corner of a header bar (spec 1 §2): skeletons while the profile loads, log-in and sign-up
 * buttons for visitors, the avatar and its side menu once signed in, with the alerts bell beside it.
 */
export function AccountHeader({ registerOptions, alerts, ...menu }: AccountHeaderProps) {
  const { status, isLoading } = useSession();
  if (isLoading) return <AccountSkeleton />;
  if (status === 'authenticated') {
    const avatar = (
      <Suspense fallback={<AccountSkeleton />}>
        <UserMenu {...menu} />
      </Suspense>
    );
    if (!alerts) return avatar;
    return (
      <Group gap="xs" wrap="nowrap">
        <Suspense fallback={null}>{alerts}</Suspense>
        {avatar}
      </Group>
    );
  }
  return <AuthButtons {...(registerOptions ? { registerOptions } : {})} />;
}

import { ActionIcon, Box, Button, Group, Menu, Skeleton } from '@mantine/core';
import { IconLogin2, IconUserCircle, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AuthModalHost } from '@/features/auth/components/auth-modal';
import { authModal, type AuthModalOptions } from '@/features/auth/components/auth-modal-store';
import { useSession } from '@/features/auth/session/use-session';

export interface AuthButtonsProps {
  /** How the registration opens in this shop (its slug, sign-up variant, store creation on sign-up...). */
  registerOptions?: AuthModalOptions;
}

/** Placeholders of the header's account area while the session and profile load (spec 1 §2 'Header bar'). */
export function AccountSkeleton() {
  const { t } = useTranslation('accountMenu');
  return (
    <Box aria-busy="true" aria-label={t('loading')} role="status">
      <Group gap="xs" visibleFrom="sm" wrap="nowrap">
        <Skeleton height={30} width={104} radius="md" />
        <Skeleton height={30} width={104} radius="md" />
      </Group>
      <Skeleton hiddenFrom="sm" height={34} circle />
    </Box>
  );
}

/**
 * spec 1 §2 'Header bar': visitors see log-in and sign-up buttons (a dropdown on mobile); skeletons while
 * the profile loads. Renders nothing once signed in (see UserMenu).
 */
export function AuthButtons({ registerOptions }: AuthButtonsProps) {
  const { t } = useTranslation('accountMenu');
  const { status, isLoading } = useSession();
  if (isLoading) return <AccountSkeleton />;
  if (status !== 'anonymous') return null;
  const login = () => authModal.open('login', registerOptions?.next ? { next: registerOptions.next } : {});
  const register = () => authModal.open('register', registerOptions);
  return (
    <>
      <Group gap="xs" visibleFrom="sm" wrap="nowrap">
        <Button variant="default" size="sm" onClick={login}>
          {t('login')}
        </Button>
        <Button size="sm" onClick={register}>{t('register')}</Button>
      </Group>
      <Box hiddenFrom="sm">
        <Menu position="bottom-end" width={200} withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" radius="xl" aria-label={t('account')}>
              <IconUserCircle size={22} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconLogin2 size={16} aria-hidden />} onClick={login}>
              {t('login')}
            </Menu.Item>
            <Menu.Item leftSection={<IconUserPlus size={16} aria-hidden />} onClick={register}>
              {t('register')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Box>
      <AuthModalHost />
    </>
  );
}

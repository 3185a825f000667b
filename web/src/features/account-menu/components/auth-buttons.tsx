import { ActionIcon, Box, Button, Group, Skeleton } from '@mantine/core';
import { IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authModal, type AuthModalOptions } from '@/lib/auth-modal-store';
import { useSession } from '@/lib/session/use-session';

const loadAuthDropdown = () => import('./auth-dropdown');
const AuthDropdown = lazy(loadAuthDropdown);

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
 * On phones, log-in and sign-up sit in a dropdown. Until its first click the button is a look-alike without
 * the menu code (the menu and its positioning are a separate chunk, fetched on pointer over or focus); the
 * click swaps in the real menu, open.
 */
function MobileAuthMenu({ login, register }: { login: () => void; register: () => void }) {
  const { t } = useTranslation('accountMenu');
  const [opened, setOpened] = useState(false);
  const prefetch = () => {
    void loadAuthDropdown();
    authModal.prefetch();
  };
  const button = (
    <ActionIcon
      variant="default"
      size="lg"
      radius="xl"
      aria-label={t('account')}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setOpened(true)}
    >
      <IconUserCircle size={22} aria-hidden />
    </ActionIcon>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <AuthDropdown login={login} register={register} />
    </Suspense>
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
      <Group gap="xs" visibleFrom="sm" wrap="nowrap" onPointerEnter={authModal.prefetch} onFocus={authModal.prefetch}>
        <Button variant="default" size="sm" onClick={login}>
          {t('login')}
        </Button>
        <Button size="sm" onClick={register}>
          {t('register')}
        </Button>
      </Group>
      <Box hiddenFrom="sm">
        <MobileAuthMenu login={login} register={register} />
      </Box>
    </>
  );
}

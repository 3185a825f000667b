import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { useSignOut } from '../api/sign-out';
import { safeNextPath } from '../domain/next-path';
import { AuthPage } from './auth-page';

/** spec 2 §2 `/logout?next={shopPath}`: revokes the session, then back to the shop (or home). */
export function LogoutPage({ next }: { next?: string | undefined }) {
  const { t } = useAuthTranslation();
  const navigate = useNavigate();
  const { mutate } = useSignOut();
  const target = safeNextPath(next);

  useEffect(() => {
    mutate(undefined, { onSettled: () => void navigate({ href: target, replace: true }) });
  }, [mutate, navigate, target]);

  return (
    <AuthPage title={t('logout.title')}>
      <Stack align="center" gap="md" py="md" role="status">
        <Loader />
        <Text c="dimmed">{t('logout.text')}</Text>
      </Stack>
    </AuthPage>
  );
}

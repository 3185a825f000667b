import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { authModal } from '@/lib/auth-modal-store';

/** A way out of a dead end (a broken link, an expired key): open the registration or log-in modal. */
export function LinkToRegister({ view = 'register' }: { view?: 'register' | 'login' }) {
  const { t } = useTranslation('auth');
  return (
    <Button variant="light" onPointerEnter={authModal.prefetch} onFocus={authModal.prefetch} onClick={() => authModal.open(view)}>
      {view === 'register' ? t('register.heading') : t('login.title')}
    </Button>
  );
}

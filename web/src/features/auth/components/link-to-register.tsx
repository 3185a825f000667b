import { Button } from '@mantine/core';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { authModal } from '@/lib/auth-modal-store';

/** A way out of a dead end (a broken link, an expired key): open the registration or log-in modal. */
export function LinkToRegister({ view = 'register' }: { view?: 'register' | 'login' }) {
  const { t } = useAuthTranslation();
  return (
    <Button variant="light" onPointerEnter={authModal.prefetch} onFocus={authModal.prefetch} onClick={() => authModal.open(view)}>
      {view === 'register' ? t('register.heading') : t('login.title')}
    </Button>
  );
}

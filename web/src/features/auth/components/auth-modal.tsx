import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { authModal, useAuthModalState, useIsPrimaryHost } from './auth-modal-store';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

/**
 * The log-in and registration modals (spec 2 §2, §4: they toggle). Place it wherever `authModal.open()` may
 * be called; with several on one page only the first renders. Full screen on phones.
 */
export function AuthModalHost() {
  const { t } = useTranslation('auth');
  const primary = useIsPrimaryHost();
  const { view, options } = useAuthModalState();
  const phone = useMediaQuery('(max-width: 36em)');
  if (!primary) return null;
  const title = view === 'login' ? t('login.title') : options.withTitle ? t('register.title') : t('register.heading');
  return (
    <Modal opened={view !== null} onClose={authModal.close} title={title} fullScreen={phone === true} centered size="md">
      {view === 'login' && (
        <LoginForm
          {...(options.next ? { next: options.next } : {})}
          onSwitchToRegister={() => authModal.switchTo('register')}
          onDone={authModal.close}
        />
      )}
      {view === 'register' && (
        <RegistrationForm
          {...options}
          // The modal's own title says it already.
          withTitle={false}
          onSwitchToLogin={() => authModal.switchTo('login')}
          onDone={authModal.close}
        />
      )}
    </Modal>
  );
}

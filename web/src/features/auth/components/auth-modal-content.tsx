import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { authModal, useAuthModalState } from '@/lib/auth-modal-store';
import { LoginForm } from './login-form';
import { RegistrationForm } from './registration-form';

/**
 * The log-in and registration modals themselves (spec 2 §2, §4: they toggle), full screen on phones. Loaded
 * on demand by AuthModalHost (auth-modal.tsx): it brings the forms, the phone input and the modal code.
 */
export default function AuthModal() {
  const { t } = useAuthTranslation();
  const { view, options } = useAuthModalState();
  const phone = useMediaQuery('(max-width: 36em)');
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

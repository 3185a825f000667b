import { Button, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session/use-session';
import { authModal, type AuthModalOptions } from '@/lib/auth-modal-store';

/** spec 2 §2: the promotion target 'create your free store'. */
const ENTREPRENEURS_PATH = '/asistentes/emprendedores';

/** spec 2 §2 register call-to-action labels. */
export type RegisterButtonLabel = 'signup' | 'signupnow' | 'signupfree' | 'startnow' | 'buynow' | 'more';

interface RegisterButtonProps extends Omit<ButtonProps, 'children'> {
  label?: RegisterButtonLabel;
  options?: AuthModalOptions;
}

/**
 * spec 2 §2, §4: the sign-up call to action, shown only to users of level zero. A visitor gets the
 * registration modal; a signed-in user of level zero (no store yet) goes to 'create your free store'.
 */
export function RegisterButton({ label = 'signup', options, ...props }: RegisterButtonProps) {
  const { t } = useTranslation();
  const { level, status } = useSession();
  if (level !== 0) return null;
  if (status === 'authenticated') {
    return (
      <Button component="a" href={ENTREPRENEURS_PATH} {...props}>
        {t(`signupCta.${label}`)}
      </Button>
    );
  }
  return (
    <Button {...props} onPointerEnter={authModal.prefetch} onFocus={authModal.prefetch} onClick={() => authModal.open('register', options)}>
      {t(`signupCta.${label}`)}
    </Button>
  );
}

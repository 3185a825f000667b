import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useAuthTranslation } from '@/features/auth/i18n/texts';

/** spec 2 §2: 'forgot your password? / reset it', under the activation forms. */
export function ForgotPasswordHint() {
  const { t } = useAuthTranslation();
  return (
    <Text size="sm" ta="center">
      {t('activation.forgot')}{' '}
      <Anchor component={Link} to="/password/reset/" size="sm">
        {t('activation.resetLink')}
      </Anchor>
    </Text>
  );
}

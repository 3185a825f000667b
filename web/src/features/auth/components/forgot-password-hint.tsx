import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** spec 2 §2: 'forgot your password? / reset it', under the activation forms. */
export function ForgotPasswordHint() {
  const { t } = useTranslation('auth');
  return (
    <Text size="sm" ta="center">
      {t('activation.forgot')}{' '}
      <Anchor component={Link} to="/password/reset/" size="sm">
        {t('activation.resetLink')}
      </Anchor>
    </Text>
  );
}

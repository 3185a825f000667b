import { Alert, Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';
import { authModal } from '@/lib/auth-modal-store';
import { useSession } from '@/lib/session/use-session';
import { useResaleInfoPreference } from '../resale-info';
import { ProfileEditForm } from './profile-edit-form';

function ProfileSection() {
  const { t } = useTranslation('profile');
  const { status, profile, profileStatus, isLoading } = useSession();

  if (isLoading) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
        <Group gap="lg">
          <Skeleton height={96} circle />
          <Skeleton height={80} flex={1} />
        </Group>
        <Skeleton height={36} />
        <Skeleton height={90} />
      </Stack>
    );
  }
  if (status === 'anonymous') {
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed">{t('signedOut')}</Text>
        <Group gap="xs" onPointerEnter={authModal.prefetch} onFocus={authModal.prefetch}>
          <Button onClick={() => authModal.open('login')}>{t('login')}</Button>
          <Button variant="default" onClick={() => authModal.open('register')}>
            {t('register')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!profile || profileStatus === 'unavailable') {
    return (
      <Alert color="orange" icon={<IconInfoCircle size={18} aria-hidden />} role="alert">
        {t('unavailable')}
      </Alert>
    );
  }
  return <ProfileEditForm key={profile.id} profile={profile} />;
}

/**
 * `/preferencias` (and `{shopPath}preferencias`): the profile (name, photo...) for a signed-in user, then
 * language, theme and the resale-info toggle, each remembered in a cookie for 365 days.
 */
export function PreferencesContent({ withThemeToggle = true }: { withThemeToggle?: boolean }) {
  const { t } = useTranslation('profile');
  const [resaleInfo, setResaleInfo] = useResaleInfoPreference();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('title')}</Title>
      <Card withBorder padding="lg" component="section" aria-labelledby="profile-heading">
        <Title order={2} size="h4" id="profile-heading" mb="md">
          {t('profileTitle')}
        </Title>
        <ProfileSection />
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="preferences-heading">
        <Title order={2} size="h4" id="preferences-heading" mb="md">
          {t('preferencesTitle')}
        </Title>
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <div>
              <Text fw={500}>{t('language')}</Text>
              <Text size="sm" c="dimmed">
                {t('languageHint')}
              </Text>
            </div>
            <LanguageSelect />
          </Group>
          {withThemeToggle && (
            <Group justify="space-between" wrap="nowrap" gap="md">
              <div>
                <Text fw={500}>{t('theme')}</Text>
                <Text size="sm" c="dimmed">
                  {t('themeHint')}
                </Text>
              </div>
              <ThemeToggle />
            </Group>
          )}
          <Switch
            checked={resaleInfo}
            onChange={(event) => setResaleInfo(event.currentTarget.checked)}
            label={t('resaleInfo')}
            description={t('resaleInfoHint')}
            labelPosition="left"
            styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
          />
        </Stack>
      </Card>
    </Stack>
  );
}

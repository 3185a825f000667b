import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { BIO_MAX_LENGTH, FULL_NAME_MAX_LENGTH, type AdminProfile } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';
import { profileChanges, useUpdateAdminProfile } from '../api/update-admin-profile';
import { ProfilePhotoDropzone } from './profile-photo-dropzone';

interface ProfileValues {
  full_name: string;
  bio: string;
}

/** spec 2 §2 profile edit: name and about; only non-empty fields are sent; success or error notice (spec 2 §8). */
export function ProfileEditForm({ profile }: { profile: AdminProfile }) {
  const { t } = useTranslation('profile');
  const update = useUpdateAdminProfile(profile.id);
  const form = useForm<ProfileValues>({
    initialValues: { full_name: profile.full_name || profile.name, bio: profile.bio ?? '' },
    validate: { full_name: (value) => (value.trim() ? null : t('required')) },
  });

  const submit = form.onSubmit((values) => {
    const changes = profileChanges(values);
    update.mutate(changes, {
      onSuccess: () => {
        form.resetDirty(values);
        notifications.show({ color: 'teal', message: t('saved'), autoClose: 5_000 });
      },
      onError: () => notifications.show({ color: 'red', title: t('failed'), message: t('saveFailed'), autoClose: 7_000 }),
    });
  });

  const contact = profile.email ?? (profile.phone ? `+${profile.country_code ?? ''} ${profile.phone}` : null);

  return (
    <Stack gap="lg">
      <ProfilePhotoDropzone meID={profile.id} name={profile.full_name || profile.name} photo={profile.photo ?? profile.images.url} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fullName')}
            autoComplete="name"
            maxLength={FULL_NAME_MAX_LENGTH}
            required
            {...form.getInputProps('full_name')}
          />
          <Textarea
            label={t('bio')}
            description={t('bioHint', { max: BIO_MAX_LENGTH })}
            rows={4}
            resize="vertical"
            maxLength={BIO_MAX_LENGTH}
            {...form.getInputProps('bio')}
          />
          {contact && (
            <div>
              <Text size="sm" fw={500}>
                {t(profile.email ? 'email' : 'phone')}
              </Text>
              <Text size="sm" c="dimmed">
                {contact}
              </Text>
            </div>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={update.isPending || !form.isDirty()}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

import type { OrderLine } from '@vitrina/contracts';
import { OrderLimits, REVIEW_RATING } from '@vitrina/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Input,
  Loader,
  Modal,
  Rating,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ResponsiveImage } from '@/components/responsive-image';
import { useLineReview } from '../api/get-line-review';
import { useUploadReviewPhoto } from '../api/upload-photo';
import { useWriteReview } from '../api/write-review';
import { useReviewsT } from '../i18n/texts';
import { EMPTY_REVIEW, reviewErrorText, validateReview, type ReviewErrors, type ReviewValues } from '../lib/review-form';

/** spec 3 §9: toasts stay 5 s, top right. */
const TOAST = { autoClose: 5_000, position: 'top-right' as const };

interface Props {
  opened: boolean;
  onClose: () => void;
  userId: string;
  orderId: string;
  line: OrderLine;
  /** `edit` reads the line's review first. */
  mode: 'create' | 'edit';
  onSaved?: () => void;
}

/**
 * spec 3 §2 'Review modal, create and edit' (§3 'Review': title, rating, text, photos). The photos go through the
 * gallery upload; the server decides (a line of a delivered order, one review per line) and its refusals show the
 * spec's messages. Success toasts: 'Reseña creada' / 'Reseña actualizada' (spec 3 §8).
 */
export function ReviewModal({ opened, onClose, userId, orderId, line, mode, onSaved }: Props) {
  const { t } = useReviewsT();
  const existing = useLineReview(userId, orderId, line.id, opened && mode === 'edit');
  const stored = existing.data;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(mode === 'create' ? 'modal.createTitle' : 'modal.editTitle')}
      centered
      data-testid="review-modal"
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('modal.of', { name: line.name })}
      </Text>
      {mode === 'edit' && existing.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label={t('modal.loading')} data-testid="review-loading">
          <Skeleton h={24} w={140} />
          <Skeleton h={36} />
          <Skeleton h={90} />
        </Stack>
      ) : mode === 'edit' && !stored ? (
        <Alert color="red" data-testid="review-load-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('modal.loadFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => void existing.refetch()}>
              {t('modal.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <ReviewForm
          // an edit starts from the stored review
          key={stored?.updated_at ?? 'new'}
          initial={stored ? { title: stored.title, rating: stored.rating, text: stored.text, photos: stored.photos } : EMPTY_REVIEW}
          userId={userId}
          orderId={orderId}
          lineId={line.id}
          mode={mode}
          onClose={onClose}
          {...(onSaved ? { onSaved } : {})}
        />
      )}
    </Modal>
  );
}

interface FormProps {
  initial: ReviewValues;
  userId: string;
  orderId: string;
  lineId: string;
  mode: 'create' | 'edit';
  onClose: () => void;
  onSaved?: () => void;
}

function ReviewForm({ initial, userId, orderId, lineId, mode, onClose, onSaved }: FormProps) {
  const { t } = useReviewsT();
  const write = useWriteReview(userId, orderId, lineId);
  const upload = useUploadReviewPhoto(userId);
  const [values, setValues] = useState<ReviewValues>(initial);
  const [errors, setErrors] = useState<ReviewErrors>({});
  const [photoError, setPhotoError] = useState(false);

  const set = <K extends keyof ReviewValues>(key: K, value: ReviewValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  const errorText = (key: keyof ReviewErrors) => {
    const error = errors[key];
    return error ? t(error.key, error.values) : undefined;
  };

  const addPhoto = async (file: File | null) => {
    if (!file) return;
    setPhotoError(false);
    try {
      const url = await upload.mutateAsync(file);
      setValues((v) => ({ ...v, photos: [...v.photos, url].slice(0, OrderLimits.reviewPhotosMax) }));
    } catch {
      setPhotoError(true);
    }
  };

  const submit = async () => {
    const result = validateReview(values);
    setErrors(result.errors);
    if (!result.body) return;
    try {
      await write.mutateAsync({ mode, body: result.body });
      notifications.show({ ...TOAST, color: 'teal', message: t(mode === 'create' ? 'done.created' : 'done.updated') });
      onSaved?.();
      onClose();
    } catch (error) {
      notifications.show({ ...TOAST, color: 'red', title: t('errors.title'), message: reviewErrorText(error, t) });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Input.Wrapper label={t('modal.rating')} description={t('modal.ratingHint')} error={errorText('rating')} withAsterisk>
          <Group gap="sm">
            <Rating
              value={values.rating}
              onChange={(rating) => set('rating', rating)}
              count={REVIEW_RATING.max}
              size="lg"
              data-testid="review-rating"
              getSymbolLabel={(n) => t('modal.star', { count: n })}
            />
            {values.rating > 0 && (
              <Text size="sm" c="dimmed" data-testid="review-rating-text">
                {t('modal.star', { count: values.rating })}
              </Text>
            )}
          </Group>
        </Input.Wrapper>
        <TextInput
          label={t('modal.title')}
          placeholder={t('modal.titlePlaceholder')}
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          maxLength={OrderLimits.reviewTitleMax}
          error={errorText('title')}
          withAsterisk
          data-testid="review-title"
        />
        <Textarea
          label={t('modal.text')}
          placeholder={t('modal.textPlaceholder')}
          value={values.text}
          onChange={(event) => set('text', event.currentTarget.value)}
          maxLength={OrderLimits.reviewTextMax}
          autosize
          minRows={3}
          maxRows={8}
          error={errorText('text')}
          data-testid="review-text"
        />
        <Input.Wrapper
          label={t('modal.photos')}
          description={t('modal.photosHint', { max: OrderLimits.reviewPhotosMax })}
          error={errorText('photos') ?? (photoError ? t('errors.photoFailed') : undefined)}
        >
          <Group gap="xs" mt={4} data-testid="review-photos">
            {values.photos.map((url, n) => (
              <div key={url} style={{ position: 'relative' }}>
                <ResponsiveImage
                  src={url}
                  alt={t('modal.photoAlt', { n: n + 1 })}
                  sizes="64px"
                  width={64}
                  height={64}
                  style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }}
                />
                <ActionIcon
                  size="sm"
                  color="red"
                  variant="filled"
                  radius="xl"
                  style={{ position: 'absolute', top: -6, right: -6 }}
                  aria-label={t('modal.removePhoto', { n: n + 1 })}
                  onClick={() =>
                    set(
                      'photos',
                      values.photos.filter((p) => p !== url),
                    )
                  }
                >
                  ×
                </ActionIcon>
              </div>
            ))}
            {values.photos.length < OrderLimits.reviewPhotosMax && (
              <FileButton onChange={(file) => void addPhoto(file)} accept="image/png,image/jpeg">
                {(props) => (
                  <Button {...props} variant="default" size="sm" disabled={upload.isPending} data-testid="review-add-photo">
                    {upload.isPending ? <Loader size="xs" aria-label={t('modal.uploading')} /> : t('modal.addPhoto')}
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('modal.cancel')}
          </Button>
          <Button type="submit" loading={write.isPending} disabled={upload.isPending} data-testid="review-submit">
            {t(mode === 'create' ? 'modal.create' : 'modal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

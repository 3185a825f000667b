import { RETURN_REASONS, ReturnLimits, type OrderReturnEligibility, type ReturnRequest } from '@vitrina/contracts';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  CloseButton,
  Grid,
  Group,
  Image,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ErrorState } from '@/components/error-state';
import { IMAGE_MIME, ImageDrop } from '@/components/image-drop';
import { useReturnEligibility } from '../api/get-return-eligibility';
import { useRequestReturn } from '../api/request-return';
import { useReturnsT, type ReturnsT } from '../i18n/texts';
import { refusalText, returnErrorText } from '../lib/errors';
import { orderNumber } from '../lib/format';
import { validateReturnForm, type ReturnFormErrors, type ReturnFormValues } from '../lib/forms';
import { ReturnInfoPanel } from './return-info-panel';
import { ReturnsGate } from './returns-gate';
import { RouteLink } from './route-link';

/** Return toasts stay 5 s, top right, like the order toasts (spec 3 §9 'Toasts 5 s'). */
const TOAST = { autoClose: 5_000, position: 'top-right' as const };

export interface ReturnRequestLinks {
  /** The order's page ('Volver al pedido'). */
  order: string;
  /** A return request's page. */
  detail: (returnId: string) => string;
}

interface Props {
  orderId: string;
  links: ReturnRequestLinks;
  /** After 'Devolución iniciada correctamente' (the route opens the request's page). */
  onStarted: (request: ReturnRequest) => void;
  now?: () => Date;
}

const EMPTY: ReturnFormValues = { reason: '', subReason: '', photos: [], comments: '' };

function ReturnForm({ userId, orderId, onStarted, t }: { userId: string; orderId: string; onStarted: Props['onStarted']; t: ReturnsT }) {
  const request = useRequestReturn(userId, orderId);
  const [values, setValues] = useState<ReturnFormValues>(EMPTY);
  const [errors, setErrors] = useState<ReturnFormErrors>({});
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const errorText = (field: keyof ReturnFormValues) => {
    const error = errors[field];
    return error ? t(error.key, error.values) : undefined;
  };
  const set = <K extends keyof ReturnFormValues>(field: K, value: ReturnFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const { errors: found, body } = validateReturnForm(values);
    setErrors(found);
    if (!body) return;
    setRefusal(null);
    try {
      const created = await request.mutateAsync(body);
      notifications.show({ ...TOAST, color: 'teal', message: t('request.started') });
      onStarted(created);
    } catch (error) {
      setRefusal(returnErrorText(error, t));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="return-form">
      <Stack gap="md">
        <Select
          label={t('request.reason')}
          placeholder={t('request.reasonPlaceholder')}
          data={RETURN_REASONS.map((reason) => ({ value: reason, label: t(`reasons.${reason}`) }))}
          value={values.reason || null}
          onChange={(reason) => set('reason', reason ?? '')}
          error={errorText('reason')}
          required
          searchable
          allowDeselect={false}
          data-testid="return-reason"
        />
        <TextInput
          label={t('request.subReason')}
          description={t('request.subReasonHint')}
          value={values.subReason}
          onChange={(event) => set('subReason', event.currentTarget.value)}
          error={errorText('subReason')}
          maxLength={ReturnLimits.subReasonMax + 1}
          data-testid="return-sub-reason"
        />
        <Stack gap={4}>
          <Group gap="xs" data-testid="return-photos">
            {values.photos.map((url, n) => (
              <Box key={url} pos="relative">
                <Image src={url} alt={t('request.photoAlt', { n: n + 1 })} h={72} w={72} fit="cover" radius="sm" />
                <CloseButton
                  size="sm"
                  pos="absolute"
                  top={0}
                  right={0}
                  aria-label={t('request.removePhoto', { n: n + 1 })}
                  onClick={() =>
                    set(
                      'photos',
                      values.photos.filter((photo) => photo !== url),
                    )
                  }
                />
              </Box>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('request.photosHint', { max: ReturnLimits.photosMax })}
          </Text>
          {values.photos.length < ReturnLimits.photosMax ? (
            // spec 3 §5 'Return photos have a maximum size': the gallery's size and formats, its rejection messages.
            <ImageDrop
              owner={{ ownerId: userId }}
              label={t('request.photos')}
              value={null}
              onChange={(image) => {
                if (image)
                  setValues((current) => ({ ...current, photos: [...current.photos, image.url].slice(0, ReturnLimits.photosMax) }));
              }}
              onUploadingChange={setUploading}
              mime={IMAGE_MIME.standard.filter((type) => type !== 'image/svg+xml')}
              rejection="short"
              error={errorText('photos') ?? null}
              testId="return-photo-drop"
            />
          ) : null}
        </Stack>
        <Textarea
          label={t('request.comments')}
          description={t('request.commentsHint')}
          value={values.comments}
          onChange={(event) => set('comments', event.currentTarget.value)}
          error={errorText('comments')}
          autosize
          minRows={3}
          data-testid="return-comments"
        />
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="return-refusal">
            {refusal}
          </Alert>
        )}
        {uploading && (
          <Text size="xs" c="dimmed">
            {t('validation.uploading')}
          </Text>
        )}
        <Button type="submit" loading={request.isPending} disabled={uploading} data-testid="return-submit" w={{ base: '100%', xs: 'auto' }}>
          {t('request.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function RequestBody({
  eligibility,
  userId,
  orderId,
  links,
  onStarted,
  now,
}: {
  eligibility: OrderReturnEligibility;
  userId: string;
  orderId: string;
  links: ReturnRequestLinks;
  onStarted: Props['onStarted'];
  now: Date;
}) {
  const { t, i18n } = useReturnsT();
  let main;
  if (eligibility.return_id && !eligibility.allowed) {
    main = (
      <Alert color="blue" variant="light" data-testid="return-existing">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('request.existing')}</Text>
          <Button component={RouteLink} to={links.detail(eligibility.return_id)} size="xs" variant="light">
            {t('order.view')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!eligibility.allowed) {
    main = (
      <Alert color="gray" variant="light" title={t('request.notAllowedTitle')} data-testid="return-not-allowed">
        {refusalText(eligibility.refusal, t) ?? t('info.disallowed')}
      </Alert>
    );
  } else {
    main = <ReturnForm userId={userId} orderId={orderId} onStarted={onStarted} t={t} />;
  }
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md" padding="md">
          {main}
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t('info.title')}
            </Title>
            <ReturnInfoPanel info={eligibility.return_info} until={eligibility.until} now={now} t={t} language={i18n.language} />
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

function RequestLoader({ userId, orderId, links, onStarted, now }: Props & { userId: string }) {
  const { t } = useReturnsT();
  const query = useReturnEligibility(userId, orderId);
  // The moment the page opened tells the time left (a render must not read the clock).
  const [today] = useState(() => now?.() ?? new Date());
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('request.loading')} data-testid="return-loading">
        <Skeleton h={220} />
      </Stack>
    );
  }
  if (query.isError) {
    return <ErrorState title={t('request.loadError')} text={t('request.loadErrorText')} onRetry={() => void query.refetch()} />;
  }
  return <RequestBody eligibility={query.data} userId={userId} orderId={orderId} links={links} onStarted={onStarted} now={today} />;
}

/**
 * spec 3 §2 'Return request' (`/mis-compras/{order}/devolucion`): the order's return terms as spec 3 §4 'Return display'
 * says, and the form (one of the 17 reasons of §9, a sub-reason, gallery photos, comments) sent with an Idempotency-Key.
 */
export function ReturnRequestPage({ orderId, links, onStarted, now }: Props) {
  const { t } = useReturnsT();
  return (
    <Stack gap="md" data-testid="return-request-page">
      <Anchor component={RouteLink} to={links.order} size="sm" w="fit-content" data-testid="return-back">
        <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('request.back')}
      </Anchor>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('request.title')}
        </Title>
        <Text c="dimmed">{t('request.subtitle', { id: orderNumber(orderId) })}</Text>
      </Stack>
      <ReturnsGate>
        {(userId) => <RequestLoader userId={userId} orderId={orderId} links={links} onStarted={onStarted} {...(now ? { now } : {})} />}
      </ReturnsGate>
    </Stack>
  );
}

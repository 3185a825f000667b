import type { ReturnLabel, ReturnRequest } from '@vitrina/contracts';
import { Button, Card, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/client';
import { saveFile } from '@/lib/save-file';
import type { ReturnSide } from '../api/keys';
import { fetchLabelPdf, labelFileName, useIssueLabel } from '../api/return-label';
import type { ReturnsT } from '../i18n/texts';
import { refusalText } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { validateLabel, type LabelFormErrors, type LabelFormValues } from '../lib/forms';
import { Field } from './field';
import { notifyError, TOAST } from './return-forms';

/** Hands a downloaded file to the browser (the app's shared hand-over; tests pass a spy). */
export type SaveFile = (blob: Blob, name: string) => void;

type SellerSide = Exclude<ReturnSide, 'customer'>;

/**
 * 'Descargar guía (PDF)': the label's PDF is a bearer call, so it is fetched and handed to the browser rather than
 * linked; a failure says so in a toast (404 return_label_missing in the spec's words).
 */
export function LabelDownloadButton({
  side,
  userId,
  id,
  save,
  t,
}: {
  side: ReturnSide;
  userId: string;
  id: string;
  save: SaveFile;
  t: ReturnsT;
}) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      save(await fetchLabelPdf(side, userId, id), labelFileName(id));
    } catch (failure) {
      const known = isApiError(failure) ? refusalText(failure.code, t) : null;
      notifications.show({ ...TOAST, color: 'red', title: t('errors.title'), message: known ?? t('label.downloadFailed') });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconFileDownload size={16} aria-hidden />}
      loading={pending}
      onClick={() => void download()}
      style={{ alignSelf: 'flex-start' }}
      data-testid="return-label-download"
    >
      {t('label.download')}
    </Button>
  );
}

/** The label as issued: where the package goes (several lines), the carrier's guide when there is one, and when. */
function LabelDetails({ label, side, t, language }: { label: ReturnLabel; side: ReturnSide; t: ReturnsT; language: string }) {
  const date = formatDateTime(label.issued_at, language);
  return (
    <Stack gap="xs" data-testid="return-label-details">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Field label={t(side === 'customer' ? 'label.sendTo' : 'label.shipTo')}>
          <span style={{ whiteSpace: 'pre-line' }} data-testid="return-label-ship-to">
            {label.ship_to}
          </span>
        </Field>
        {label.carrier && (
          <Field label={t('label.carrier')} testId="return-label-carrier">
            {label.carrier}
          </Field>
        )}
        {label.tracking_number && (
          <Field label={t('label.tracking')} testId="return-label-tracking">
            {label.tracking_number}
          </Field>
        )}
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="return-label-issued">
        {side === 'customer' ? t('label.issuedAt', { date }) : t('label.issuedBy', { date, actor: t(`actors.${label.issued_by}`) })}
      </Text>
    </Stack>
  );
}

function initialValues(label: ReturnLabel | null): LabelFormValues {
  return { shipTo: label?.ship_to ?? '', carrier: label?.carrier ?? '', trackingNumber: label?.tracking_number ?? '' };
}

/**
 * The seller's (or dropshipping supplier's) 'Guía de devolución': the address the package goes to and, when they bought
 * a carrier's guide, its carrier and number. A reissue starts from the label as it is and replaces it.
 */
export function IssueLabelForm({ side, request, userId, t }: { side: SellerSide; request: ReturnRequest; userId: string; t: ReturnsT }) {
  const issue = useIssueLabel(side, userId, request.id);
  const [values, setValues] = useState<LabelFormValues>(() => initialValues(request.label));
  const [errors, setErrors] = useState<LabelFormErrors>({});
  const reissue = request.label !== null;
  const set = (field: keyof LabelFormValues) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const message = (field: keyof LabelFormValues) => {
    const error = errors[field];
    return error ? t(error.key, error.values) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateLabel(values);
    setErrors(checked.errors);
    if (!checked.body) return;
    try {
      await issue.mutateAsync(checked.body);
      notifications.show({ ...TOAST, color: 'teal', message: t(reissue ? 'label.reissued' : 'label.issued') });
    } catch (failure) {
      notifyError(failure, t);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="return-label-form">
      <Stack gap="sm" maw={560}>
        <Textarea
          label={t('label.shipTo')}
          description={t('label.shipToHint')}
          value={values.shipTo}
          onChange={(event) => set('shipTo')(event.currentTarget.value)}
          error={message('shipTo')}
          required
          autosize
          minRows={3}
          data-testid="return-label-ship-to-input"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('label.carrier')}
            description={t('label.optional')}
            value={values.carrier}
            onChange={(event) => set('carrier')(event.currentTarget.value)}
            error={message('carrier')}
            data-testid="return-label-carrier-input"
          />
          <TextInput
            label={t('label.tracking')}
            description={t('label.optional')}
            value={values.trackingNumber}
            onChange={(event) => set('trackingNumber')(event.currentTarget.value)}
            error={message('trackingNumber')}
            data-testid="return-label-tracking-input"
          />
        </SimpleGrid>
        <Button type="submit" loading={issue.isPending} style={{ alignSelf: 'flex-start' }} data-testid="return-label-submit">
          {t(reissue ? 'label.reissue' : 'label.issue')}
        </Button>
      </Stack>
    </form>
  );
}

/** What the side reads while there is no label: the customer is told it is coming (and how), the seller to issue it. */
function pendingText(request: ReturnRequest, side: ReturnSide, t: ReturnsT): string {
  if (side !== 'customer') return t(request.can_issue_label ? 'label.sellerPending' : 'label.none');
  if (request.status === 'closed') return t('label.none');
  // As the server decides: only an explicit 'inbox' policy e-mails the label.
  return t(request.return_info?.return_shipping_label === 'inbox' ? 'label.preparingInbox' : 'label.preparing');
}

/**
 * The return label (spec 3 §3 'return_shipping_label': inbox | download). The customer reads where to send the package
 * and downloads the PDF ('inbox' also e-mailed it); the seller and the dropshipping supplier issue it while the request
 * is open, reissue it, and download it too. The download shows where the page was given the browser's file hand-over.
 */
export function ReturnLabelCard({
  request,
  side,
  userId,
  save = saveFile,
  t,
  language,
}: {
  request: ReturnRequest;
  side: ReturnSide;
  userId: string;
  save?: SaveFile;
  t: ReturnsT;
  language: string;
}) {
  const { label } = request;
  return (
    <Card withBorder radius="md" padding="md" data-testid="return-label">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('label.title')}
        </Title>
        {label ? (
          <LabelDetails label={label} side={side} t={t} language={language} />
        ) : (
          <Text size="sm" c="dimmed" data-testid="return-label-pending">
            {pendingText(request, side, t)}
          </Text>
        )}
        {label && side === 'customer' && request.return_info?.return_shipping_label === 'inbox' && (
          <Text size="sm" data-testid="return-label-inbox">
            {t('label.inboxToo')}
          </Text>
        )}
        {label && <LabelDownloadButton side={side} userId={userId} id={request.id} save={save} t={t} />}
        {side !== 'customer' && request.can_issue_label && <IssueLabelForm side={side} request={request} userId={userId} t={t} />}
      </Stack>
    </Card>
  );
}

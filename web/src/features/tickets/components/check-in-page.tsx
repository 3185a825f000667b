import { OrderErrorCodes, type CheckInResult } from '@vitrina/contracts';
import { Alert, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCameraOff, IconCircleCheck, IconCircleX, IconScan } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isApiError } from '@/api/client';
import { IdempotencyKeys, isRetryable } from '@/lib/idempotency-keys';
import { checkInTicket } from '../api/check-in';
import { formatUsedAt } from '../lib/format';
import { scannedCode } from '../lib/scanned-code';
import { useTicketsT, type TicketsKey } from '../i18n/texts';
import { QrScanner, type CameraState } from './qr-scanner';
import { TicketsGate } from './tickets-gate';

export type CheckInStatus =
  | { kind: 'ready' }
  | { kind: 'checking' }
  | { kind: 'checked_in'; result: CheckInResult }
  | { kind: 'already_used'; result: CheckInResult }
  | { kind: 'invalid' }
  | { kind: 'cancelled' }
  | { kind: 'not_allowed' }
  | { kind: 'failed' };

/** One Idempotency-Key per scan: a retry after no answer reuses it; the next scan of the same code is a new one. */
const keys = new IdempotencyKeys();

/** The same code seen again this soon after a result is the camera still looking at it, not a new scan. */
const REPEAT_MS = 2500;

/** Checks a code in, and says how it went (the states of the door's screen). */
export async function checkIn(code: string): Promise<CheckInStatus> {
  const key = keys.keyFor('checkin', { code });
  try {
    const result = await checkInTicket(code, key);
    keys.settle('checkin');
    return { kind: result.status, result };
  } catch (error) {
    if (!isApiError(error) || !isRetryable(error.status, error.code)) keys.settle('checkin');
    if (isApiError(error) && (error.status === 422 || error.status === 400)) return { kind: 'invalid' };
    if (isApiError(error) && error.status === 403) return { kind: 'not_allowed' };
    if (isApiError(error) && error.code === OrderErrorCodes.alreadyCancelled) return { kind: 'cancelled' };
    return { kind: 'failed' };
  }
}

function StatusPanel({ status, onNext }: { status: CheckInStatus; onNext: () => void }) {
  const { t, i18n } = useTicketsT();
  if (status.kind === 'checking') {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="checkin-status" data-status="checking">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('checkin.checking')}</Text>
        </Group>
      </Card>
    );
  }
  if (status.kind === 'ready') {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="checkin-status" data-status="ready">
        <Group gap="sm" wrap="nowrap">
          <IconScan size={32} stroke={1.5} aria-hidden />
          <Stack gap={0}>
            <Text fw={600}>{t('checkin.ready')}</Text>
            <Text size="sm" c="dimmed">
              {t('checkin.readyText')}
            </Text>
          </Stack>
        </Group>
      </Card>
    );
  }
  const view: Record<
    Exclude<CheckInStatus['kind'], 'ready' | 'checking'>,
    { color: string; title: TicketsKey; icon: typeof IconCircleCheck }
  > = {
    checked_in: { color: 'green', title: 'checkin.checkedIn', icon: IconCircleCheck },
    already_used: { color: 'orange', title: 'checkin.alreadyUsed', icon: IconAlertTriangle },
    invalid: { color: 'red', title: 'checkin.invalid', icon: IconCircleX },
    cancelled: { color: 'red', title: 'checkin.cancelled', icon: IconCircleX },
    not_allowed: { color: 'red', title: 'checkin.notAllowed', icon: IconCircleX },
    failed: { color: 'red', title: 'checkin.failed', icon: IconAlertTriangle },
  };
  const { color, title, icon: Icon } = view[status.kind];
  let text: string;
  if (status.kind === 'checked_in') {
    text = t('checkin.checkedInText', { name: status.result.attendant.full_name, item: status.result.attendant.item_name });
  } else if (status.kind === 'already_used') {
    const usedAt = status.result.attendant.used_at;
    text = t('checkin.alreadyUsedText', {
      name: status.result.attendant.full_name,
      date: usedAt ? formatUsedAt(usedAt, i18n.language) : '—',
    });
  } else {
    const texts: Record<'invalid' | 'cancelled' | 'not_allowed' | 'failed', TicketsKey> = {
      invalid: 'checkin.invalidText',
      cancelled: 'checkin.cancelledText',
      not_allowed: 'checkin.notAllowedText',
      failed: 'checkin.failedText',
    };
    text = t(texts[status.kind]);
  }
  return (
    <Alert
      color={color}
      variant="filled"
      radius="md"
      icon={<Icon size={32} />}
      title={
        <Text fz="xl" fw={700}>
          {t(title)}
        </Text>
      }
      role={status.kind === 'checked_in' ? 'status' : 'alert'}
      data-testid="checkin-status"
      data-status={status.kind}
    >
      <Stack gap="sm">
        <Text>{text}</Text>
        <Button variant="white" color={color} onClick={onNext} w="fit-content" data-testid="checkin-next">
          {t('checkin.next')}
        </Button>
      </Stack>
    </Alert>
  );
}

function CheckInDesk({ now = () => Date.now() }: { now?: () => number }) {
  const { t } = useTicketsT();
  const [status, setStatus] = useState<CheckInStatus>({ kind: 'ready' });
  const [camera, setCamera] = useState(false);
  const [cameraState, setCameraState] = useState<CameraState>('starting');
  const [manual, setManual] = useState('');
  const [manualError, setManualError] = useState(false);
  const last = useRef<{ code: string; at: number } | null>(null);

  const submit = async (raw: string, from: 'camera' | 'manual') => {
    const code = scannedCode(raw);
    if (!code) {
      if (from === 'manual') setManualError(true);
      return;
    }
    if (from === 'camera' && last.current?.code === code && now() - last.current.at < REPEAT_MS) return;
    setManualError(false);
    setStatus({ kind: 'checking' });
    const next = await checkIn(code);
    last.current = { code, at: now() };
    setStatus(next);
    if (from === 'manual' && next.kind !== 'failed') setManual('');
  };
  const ready = () => {
    if (last.current) last.current = { ...last.current, at: now() };
    setStatus({ kind: 'ready' });
  };

  const cameraNote: Partial<Record<CameraState, TicketsKey>> = {
    starting: 'checkin.cameraStarting',
    live: 'checkin.cameraLive',
    denied: 'checkin.cameraDenied',
    unavailable: 'checkin.cameraUnavailable',
  };
  return (
    <Stack gap="md">
      <StatusPanel status={status} onNext={ready} />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Button
              variant={camera ? 'default' : 'filled'}
              leftSection={camera ? <IconCameraOff size={16} /> : <IconCamera size={16} />}
              onClick={() => setCamera(!camera)}
              data-testid="checkin-camera"
            >
              {t(camera ? 'checkin.stopCamera' : 'checkin.startCamera')}
            </Button>
          </Group>
          {camera && (
            <>
              <QrScanner paused={status.kind !== 'ready'} onCode={(code) => void submit(code, 'camera')} onState={setCameraState} />
              <Text
                size="sm"
                c={cameraState === 'denied' || cameraState === 'unavailable' ? 'red' : 'dimmed'}
                role={cameraState === 'denied' || cameraState === 'unavailable' ? 'alert' : undefined}
                data-testid="checkin-camera-state"
                data-state={cameraState}
              >
                {t(cameraNote[cameraState]!)}
              </Text>
            </>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          data-testid="checkin-manual"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(manual, 'manual');
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('checkin.manualLabel')}
              placeholder={t('checkin.manualPlaceholder')}
              value={manual}
              onChange={(event) => {
                setManual(event.currentTarget.value);
                setManualError(false);
              }}
              error={manualError ? t('checkin.manualRequired') : undefined}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              flex={1}
              miw={240}
              data-testid="checkin-code"
            />
            <Button type="submit" loading={status.kind === 'checking'} data-testid="checkin-submit">
              {t('checkin.manualSubmit')}
            </Button>
          </Group>
        </form>
      </Card>
    </Stack>
  );
}

/** The door's check-in (issue 13): the experience's supplier or a qrreader scans tickets with the camera or types their code. */
export function CheckInPage({ now }: { now?: () => number }) {
  const { t } = useTicketsT();
  return (
    <Stack gap="md" maw={640} mx="auto" w="100%" data-testid="checkin-page">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('checkin.title')}
        </Title>
        <Text c="dimmed">{t('checkin.subtitle')}</Text>
      </Stack>
      <TicketsGate checkin>{() => <CheckInDesk {...(now ? { now } : {})} />}</TicketsGate>
    </Stack>
  );
}

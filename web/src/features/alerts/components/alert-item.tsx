import type { Alert } from '@vitrina/contracts';
import { Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { formatDateTime } from '@/lib/dates';
import type { AlertsT } from '../i18n/texts';
import { alertMessage, timeAgo } from '../lib/alert-text';
import classes from './alerts.module.css';

/** A path of this app (the router takes it), not another site's address (the browser follows it). */
export function isAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

interface AlertItemProps {
  alert: Alert;
  language: string;
  t: AlertsT;
  /** A plain click: mark it visited, close the panel, go to its link. */
  onOpen: (alert: Alert) => void;
  /** A click the browser follows itself (a new tab, another site): only mark it visited. */
  onVisit: (alert: Alert) => void;
}

/**
 * One alert (spec 2 §2): its message in the reader's language ('Sin mensaje' when it has none), how long ago it came,
 * and, until clicked, the pending style (bold, a dot). A link when it leads somewhere, else a button that marks it.
 */
export function AlertItem({ alert, language, t, onOpen, onVisit }: AlertItemProps) {
  const message = alertMessage(alert, language);
  const pending = alert.pending_visits;
  const content = (
    <Group wrap="nowrap" align="flex-start" gap="xs">
      <span className={classes.dot} data-pending={pending || undefined} aria-hidden />
      <Stack gap={2} className={classes.text}>
        <Text size="sm" fw={pending ? 700 : 400} c={message ? undefined : 'dimmed'} lineClamp={3} data-testid="alert-message">
          {pending && <VisuallyHidden>{`${t('unvisited')}: `}</VisuallyHidden>}
          {message ?? t('noMessage')}
        </Text>
        <Text component="time" size="xs" c="dimmed" dateTime={alert.created_at} title={formatDateTime(alert.created_at, language)}>
          {timeAgo(alert.created_at, language)}
        </Text>
      </Stack>
    </Group>
  );
  const shared = { className: classes.item, 'data-pending': pending || undefined, 'data-testid': 'alert-item' };
  const link = alert.link;
  if (link === null) {
    return (
      <UnstyledButton {...shared} onClick={() => onOpen(alert)}>
        {content}
      </UnstyledButton>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const elsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
    if (elsewhere || !isAppPath(link)) {
      // The browser opens the link; the alert is still visited.
      onVisit(alert);
      return;
    }
    event.preventDefault();
    onOpen(alert);
  };
  return (
    <UnstyledButton {...shared} component="a" href={link} onClick={onClick}>
      {content}
    </UnstyledButton>
  );
}

import type { Alert } from '@vitrina/contracts';
import { Alert as Notice, Box, Button, Divider, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useAlerts } from '../api/list-alerts';
import { useMarkAlertVisited } from '../api/mark-visited';
import { useAlertsT } from '../i18n/texts';
import { AlertItem } from './alert-item';
import classes from './alerts.module.css';

function PanelSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" p="md" aria-busy="true" aria-label={label} role="status" data-testid="alerts-loading">
      {Array.from({ length: 3 }, (_, index) => (
        <Group key={index} wrap="nowrap" align="flex-start" gap="xs">
          <Skeleton h={8} w={8} circle mt={6} />
          <Stack gap={6} flex={1}>
            <Skeleton h={12} w="90%" />
            <Skeleton h={10} w="30%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The bell's panel (spec 2 §2, §4 'Alerts'): the newest 10 alerts, 'Ver más' for the next 10 while there are more;
 * a click marks an alert visited and follows its link. Loading, empty and error states.
 */
export function AlertsPanel({ userId, onNavigate }: { userId: string; onNavigate: () => void }) {
  const { t, i18n } = useAlertsT();
  const navigate = useNavigate();
  const query = useAlerts(userId);
  const visit = useMarkAlertVisited(userId);

  const onVisit = (alert: Alert) => {
    if (alert.pending_visits) visit.mutate(alert.id);
  };
  const onOpen = (alert: Alert) => {
    // The link is followed at once; marking it visited goes on in the background (the PATCH needs no wait).
    if (alert.pending_visits) visit.mutate(alert.id);
    if (alert.link === null) return;
    onNavigate();
    void navigate({ href: alert.link });
  };

  let body;
  if (query.isPending) {
    body = <PanelSkeleton label={t('loading')} />;
  } else if (query.isError) {
    body = (
      <Stack align="center" gap="xs" p="md" ta="center" role="alert" data-testid="alerts-error">
        <Text size="sm">{t('error')}</Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  } else {
    const items = query.data.pages.flatMap((page) => page.results);
    body =
      items.length === 0 ? (
        <Stack align="center" gap={4} p="md" ta="center" data-testid="alerts-empty">
          <IconBellOff size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>{t('empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('emptyText')}
          </Text>
        </Stack>
      ) : (
        <>
          <Box component="ul" className={classes.list} data-testid="alerts-list">
            {items.map((alert) => (
              <li key={alert.id}>
                <AlertItem alert={alert} language={i18n.language} t={t} onOpen={onOpen} onVisit={onVisit} />
              </li>
            ))}
          </Box>
          {query.isFetchNextPageError && (
            <Notice color="red" variant="light" m="xs" p="xs" role="alert">
              {t('loadMoreFailed')}
            </Notice>
          )}
          {query.hasNextPage && (
            <Box p="xs">
              <Button
                variant="subtle"
                size="xs"
                fullWidth
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
                data-testid="alerts-load-more"
              >
                {t('loadMore')}
              </Button>
            </Box>
          )}
        </>
      );
  }

  return (
    <>
      <Text fw={600} px="md" py="xs">
        {t('bell')}
      </Text>
      <Divider />
      <ScrollArea.Autosize mah="min(420px, 70dvh)" type="auto">
        {body}
      </ScrollArea.Autosize>
    </>
  );
}

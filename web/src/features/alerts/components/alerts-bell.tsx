import { ActionIcon, Indicator, Popover, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useSessionSnapshot } from '@/lib/session/use-session';
import { useMarkAlertsSeen } from '../api/mark-seen';
import { usePendingAlerts } from '../api/pending-alerts';
import { useAlertsT } from '../i18n/texts';
import classes from './alerts.module.css';
import { AlertsPanel } from './alerts-panel';

/** spec 2 §2: the alert panel is 280 px wide. */
export const ALERTS_PANEL_WIDTH = 280;

/** spec 2 §2: the badge counts up to 9, then says '9+'. */
const BADGE_MAX = 9;

function Bell({ userId }: { userId: string }) {
  const { t } = useAlertsT();
  const [opened, setOpened] = useState(false);
  const pending = usePendingAlerts(userId);
  const seen = useMarkAlertsSeen(userId);
  const count = pending.data?.pending ?? 0;
  const countId = useId();

  const toggle = () => {
    // spec 2 §4: opening the panel clears the count.
    if (!opened) seen.mutate();
    setOpened(!opened);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={ALERTS_PANEL_WIDTH}
      position="bottom-end"
      shadow="md"
      radius="md"
      trapFocus
      returnFocus
    >
      <Indicator
        inline
        label={count}
        maxValue={BADGE_MAX}
        showZero={false}
        disabled={count === 0}
        size={16}
        offset={6}
        color="red"
        attributes={{ indicator: { 'aria-hidden': true, 'data-testid': 'alerts-badge' } }}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            radius="xl"
            aria-label={t('bell')}
            aria-describedby={count > 0 ? countId : undefined}
            onClick={toggle}
            data-testid="alerts-bell"
          >
            <IconBell size={22} stroke={1.5} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      {count > 0 && <VisuallyHidden id={countId}>{t('pending', { count })}</VisuallyHidden>}
      <Popover.Dropdown className={classes.dropdown} data-testid="alerts-panel">
        <AlertsPanel userId={userId} onNavigate={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * spec 2 §2 'Bell alerts': the bell beside the avatar, for signed-in users only, with the count of alerts not seen
 * yet; it opens the alert panel. The header's account corner takes it as its `alerts` slot (routes wire features).
 */
export function AlertsBell() {
  const { status, auth } = useSessionSnapshot();
  if (status !== 'authenticated' || !auth) return null;
  return <Bell userId={auth.meID} />;
}

// For `lazy()`: the bell and its panel stay out of a visitor's bundle.
export default AlertsBell;

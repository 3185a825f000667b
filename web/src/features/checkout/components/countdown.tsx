import { Badge } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useCountdown } from '@/lib/countdown';
import { COUNTDOWN_WARNING_SECONDS, formatCountdown } from '../lib/countdown';
import type { CheckoutT } from '../i18n/texts';
import classes from './checkout.module.css';

interface Props {
  /** Epoch ms when the checkout expires (lib/countdown `checkoutDeadline`). */
  deadline: number;
  onExpire: () => void;
  t: CheckoutT;
  /** Injectable clock for tests. */
  now?: () => number;
}

/** spec 3 §2: the countdown to finish the purchase; at zero the page shows the expired notice. */
export function Countdown({ deadline, onExpire, t, now = Date.now }: Props) {
  const left = useCountdown(deadline, now, onExpire);

  return (
    <Badge
      size="lg"
      variant="light"
      color={left <= COUNTDOWN_WARNING_SECONDS ? 'red' : 'blue'}
      leftSection={<IconClock size={16} aria-hidden />}
      className={classes.countdown}
      role="timer"
      aria-label={`${t('countdown.label')}: ${formatCountdown(left)}`}
      data-testid="checkout-countdown"
    >
      {formatCountdown(left)}
    </Badge>
  );
}

import type { WalletHistory } from '@vitrina/contracts';
import { Text } from '@mantine/core';
import { useId } from 'react';
import { formatMoney } from '@/lib/money';
import type { WalletsT } from '../i18n/texts';
import { chartPath } from '../lib/chart';
import { formatDay } from '../lib/format';

const WIDTH = 600;
const HEIGHT = 160;

/**
 * The balance over time (issue 14: a small chart, no chart library): one SVG line of the daily closing balances,
 * oldest first. Screen readers get its summary as the image's name, and each point's value as a title.
 */
export function BalanceChart({
  history,
  currency,
  days,
  t,
  language,
}: {
  history: WalletHistory;
  currency: string;
  days: number;
  t: WalletsT;
  language: string;
}) {
  const titleId = useId();
  const points = history.points;
  if (points.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="wallet-chart-empty">
        {t('chart.empty')}
      </Text>
    );
  }
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const label = t('chart.label', {
    days,
    from: formatMoney(first.balance_minor, currency, language),
    fromDate: formatDay(first.date, language),
    to: formatMoney(last.balance_minor, currency, language),
    toDate: formatDay(last.date, language),
  });
  const path = chartPath(points, WIDTH, HEIGHT);
  return (
    <>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={titleId}
        data-testid="wallet-chart"
        style={{ display: 'block' }}
      >
        <title id={titleId}>{label}</title>
        <line x1={0} x2={WIDTH} y1={HEIGHT - 4} y2={HEIGHT - 4} stroke="var(--mantine-color-default-border)" strokeWidth={1} />
        <path
          d={path}
          fill="none"
          stroke="var(--mantine-primary-color-filled)"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          data-testid="wallet-chart-line"
        />
      </svg>
      <Text size="xs" c="dimmed" mt={4} aria-hidden="true">
        {label}
      </Text>
    </>
  );
}

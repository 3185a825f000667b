import type { CatalogueReturnInfo } from '@vitrina/contracts';
import { Alert, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ReturnsT } from '../i18n/texts';
import { formatDateTime, hoursLeft } from '../lib/format';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section data-testid={testId}>
      <Title order={3} size="h6" mb={2}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * spec 3 §4 'Return display': `disallowed` shows a not-allowed note; `72hrs` shows the time left, who pays (return_fees),
 * the criteria (common, or the seller's own legend), the return-label section and the restocking section.
 */
export function ReturnInfoPanel({
  info,
  until,
  now,
  t,
  language,
}: {
  info: CatalogueReturnInfo | null;
  until: string | null;
  now: Date;
  t: ReturnsT;
  language: string;
}) {
  if (!info) return <Text size="sm">{t('info.unknown')}</Text>;
  if (info.return_type === 'disallowed') {
    return (
      <Alert color="gray" variant="light" data-testid="return-info-disallowed">
        {t('info.disallowed')}
      </Alert>
    );
  }
  const restocking = info.restocking_fees ?? null;
  const hours = until ? hoursLeft(until, now) : 0;
  return (
    <Stack gap="sm" data-testid="return-info">
      <Section title={t('info.windowTitle')} testId="return-info-time">
        <Text size="sm">
          {until
            ? t(hours > 0 ? 'info.timeLeft' : 'info.timeLeftMinutes', { date: formatDateTime(until, language), hours })
            : t('info.windowText')}
        </Text>
      </Section>
      <Section title={t('info.feesTitle')} testId="return-info-fees">
        <Text size="sm">{t(`info.fees.${info.return_fees ?? 'customer_all'}`)}</Text>
      </Section>
      <Section title={t('info.criteriaTitle')} testId="return-info-criteria">
        {info.return_policy === 'customized' && info.return_policy_legend ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {info.return_policy_legend}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            <List.Item>{t('info.criteria.unused')}</List.Item>
            <List.Item>{t('info.criteria.packaging')}</List.Item>
            <List.Item>{t('info.criteria.receipt')}</List.Item>
          </List>
        )}
      </Section>
      <Section title={t('info.labelTitle')} testId="return-info-label">
        {/* As orders decides when the seller issues it: only an explicit 'inbox' e-mails the label; else it is downloaded. */}
        <Text size="sm">{t(`info.label.${info.return_shipping_label === 'inbox' ? 'inbox' : 'download'}`)}</Text>
      </Section>
      <Section title={t('info.restockingTitle')} testId="return-info-restocking">
        <Text size="sm">{restocking && restocking > 0 ? t('info.restockingFee', { percent: restocking }) : t('info.restockingNone')}</Text>
      </Section>
    </Stack>
  );
}

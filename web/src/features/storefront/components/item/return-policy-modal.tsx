import { Button, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { ReturnInfo } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <Title order={3} size="h5" mb={4}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** spec 1 §2 'Return-policy modal': disallowed shows a not-allowed note; 72hrs shows its five sections. */
export function ReturnPolicyContent({ info }: { info: ReturnInfo | null }) {
  const { t } = useTranslation('storefront');
  if (!info) return <Text>{t('returns.unknown')}</Text>;
  if (info.return_type === 'disallowed') {
    return <Text data-testid="returns-disallowed">{t('returns.disallowed')}</Text>;
  }
  const restocking = info.restocking_fees ?? null;
  return (
    <Stack gap="md" data-testid="returns-72hrs">
      <Section title={t('returns.window.title')}>
        <Text size="sm">{t('returns.window.text')}</Text>
      </Section>
      <Section title={t('returns.fees.title')}>
        <Text size="sm">{t(`returns.fees.${info.return_fees ?? 'customer_all'}`)}</Text>
      </Section>
      <Section title={t('returns.criteria.title')}>
        {info.return_policy === 'customized' && info.return_policy_legend ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {info.return_policy_legend}
          </Text>
        ) : (
          <List size="sm" spacing={2}>
            <List.Item>{t('returns.criteria.unused')}</List.Item>
            <List.Item>{t('returns.criteria.packaging')}</List.Item>
            <List.Item>{t('returns.criteria.receipt')}</List.Item>
          </List>
        )}
      </Section>
      <Section title={t('returns.label.title')}>
        <Text size="sm">{t(`returns.label.${info.return_shipping_label ?? 'download'}`)}</Text>
      </Section>
      <Section title={t('returns.restocking.title')}>
        <Text size="sm">
          {restocking && restocking > 0 ? t('returns.restocking.fee', { percent: restocking }) : t('returns.restocking.none')}
        </Text>
      </Section>
    </Stack>
  );
}

export function ReturnPolicyButton({ info }: { info: ReturnInfo | null }) {
  const { t } = useTranslation('storefront');
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        onClick={open}
        px={0}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('returns.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('returns.title')} size="lg" closeButtonProps={{ 'aria-label': t('close') }}>
        <ReturnPolicyContent info={info} />
      </Modal>
    </>
  );
}

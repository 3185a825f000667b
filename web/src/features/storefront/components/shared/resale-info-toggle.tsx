import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useResaleInfo } from '@/features/storefront/lib/use-resale-info';
import { useViewer } from './storefront-context';

/** spec 1 §2, §4: the reseller-info toggle, for level-two resellers; its cookie lasts 365 days. */
export function ResaleInfoToggle() {
  const { t } = useTranslation('storefront');
  const viewer = useViewer();
  const [on, setOn] = useResaleInfo();
  if (viewer.level !== 2) return null;
  return <Switch size="sm" label={t('card.resaleToggle')} checked={on} onChange={(event) => setOn(event.currentTarget.checked)} />;
}

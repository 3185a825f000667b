import { Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './brand.module.css';

/** The platform's mark: logo and name. */
export function Brand() {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fw={800} size="lg">
        {t('app.name')}
      </Text>
    </Group>
  );
}

/** The platform's mark as the link home. */
export function BrandLink({ className }: { className?: string }) {
  return (
    <Link to="/" className={className ? `${classes.link} ${className}` : classes.link}>
      <Brand />
    </Link>
  );
}

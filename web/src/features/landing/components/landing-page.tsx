import { Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuildingStore, IconCoins, IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/layout/brand';
import { PageShell } from '@/components/layout/page-shell';
import { LinkButton } from '@/components/link-button';
import classes from './landing-page.module.css';

/** The demo shop seeded on first start (docs/architecture.md §2). */
const DEMO_SHOP_SLUG = 'demo';

const features = [
  { key: 'storefront', icon: IconBuildingStore },
  { key: 'resale', icon: IconCoins },
  { key: 'orders', icon: IconTruckDelivery },
] as const;

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <PageShell>
      <Container size="lg" w="100%" py="md">
        <Brand />
      </Container>

      <section className={classes.hero}>
        <Container size="md" py={{ base: 48, sm: 88 }}>
          <Title order={1} className={classes.title}>
            {t('landing.title')}
          </Title>
          <Text size="lg" c="dimmed" mt="md" maw={620}>
            {t('landing.subtitle')}
          </Text>
          <LinkButton
            to="/tienda/$shopSlug/"
            params={{ shopSlug: DEMO_SHOP_SLUG }}
            size="md"
            mt="xl"
            rightSection={<IconArrowRight size={18} aria-hidden />}
          >
            {t('landing.demoCta')}
          </LinkButton>
        </Container>
      </section>

      <Container size="lg" w="100%" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {features.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder padding="lg">
              <ThemeIcon variant="light" size={40} radius="md">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <Text fw={600} mt="md">
                {t(`landing.features.${key}.title`)}
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`landing.features.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </PageShell>
  );
}

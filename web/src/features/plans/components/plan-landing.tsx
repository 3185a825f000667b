import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingStore,
  IconCalculator,
  IconCoins,
  IconCreditCard,
  IconFileInvoice,
  IconPackage,
  IconReceipt,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import type { PackageId } from '@vitrina/contracts';
import { ErrorState } from '@/components/error-state';
import { useMembership } from '../api/membership';
import { usePackages } from '../api/packages';
import { currentPackageId } from '../domain/membership';
import { usePlansT, type PlansKey } from '../i18n/texts';
import { PackageGrid, PackageGridSkeleton } from './package-grid';
import classes from './plans.module.css';
import { usePackagePurchase, type PackagePurchaseOptions } from './use-package-purchase';

/** The landings of spec 2 §2: `/emprendedores`, `/proveedores`, `/tiendaenlinea`, `/negociodigital`, `/mkt/facturacion`. */
export type PlanLandingKind = 'affiliates' | 'suppliers' | 'onlineStore' | 'digitalBusiness' | 'invoicing';

const BENEFITS: Record<PlanLandingKind, ReadonlyArray<{ key: string; icon: Icon }>> = {
  affiliates: [
    { key: 'shop', icon: IconBuildingStore },
    { key: 'catalogue', icon: IconPackage },
    { key: 'commission', icon: IconCoins },
  ],
  suppliers: [
    { key: 'list', icon: IconPackage },
    { key: 'resellers', icon: IconUsers },
    { key: 'paid', icon: IconWallet },
  ],
  onlineStore: [
    { key: 'shop', icon: IconBuildingStore },
    { key: 'payments', icon: IconCreditCard },
    { key: 'commission', icon: IconCoins },
  ],
  digitalBusiness: [
    { key: 'shop', icon: IconBuildingStore },
    { key: 'invoicing', icon: IconFileInvoice },
    { key: 'commission', icon: IconCoins },
  ],
  invoicing: [
    { key: 'invoices', icon: IconReceipt },
    { key: 'accounting', icon: IconCalculator },
    { key: 'payroll', icon: IconUsers },
  ],
};

export interface PlanLandingAction {
  label: 'createShop' | 'startNow';
  href: string;
}

export interface PlanLandingProps extends PackagePurchaseOptions {
  kind: PlanLandingKind;
  /** The packages the landing offers, with their buy buttons (none: the landing only points to its actions). */
  highlight?: readonly PackageId[];
  /** The hero's call to action ('Crea tu tienda gratis', 'Comienza ahora'). */
  action?: PlanLandingAction;
  /** `/apps/paquetes`: 'Ver todos los paquetes'. */
  packagesHref: string;
}

/**
 * A landing of plans and packages (spec 2 §1, §2; issue 16): a hero with what the visitor gets and the landing's call
 * to action, the package(s) it offers with their buy buttons, and a link to every package.
 */
export function PlanLanding({ kind, highlight = [], action, packagesHref, ...purchaseOptions }: PlanLandingProps) {
  const { t } = usePlansT();
  const purchase = usePackagePurchase(purchaseOptions);
  const withPackages = highlight.length > 0;
  const packages = usePackages();
  const membership = useMembership(withPackages ? purchase.userId : null);
  const text = (key: string) => t(`landing.${kind}.${key}` as PlansKey);
  const offered = (packages.data?.results ?? []).filter((pkg) => highlight.includes(pkg.id));

  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'lg', md: 'xl' }}>
        <section className={classes.hero} aria-labelledby="plan-landing-title">
          <Text size="sm" fw={600} c="vitrina.8" tt="uppercase">
            {text('eyebrow')}
          </Text>
          <Title order={1} id="plan-landing-title" className={classes.title} mt={4}>
            {text('title')}
          </Title>
          <Text size="lg" c="dimmed" mt="md">
            {text('text')}
          </Text>
          {(action || !withPackages) && (
            <Group gap="sm" mt="xl">
              {action && (
                <Button component="a" href={action.href} size="md" rightSection={<IconArrowRight size={18} aria-hidden />}>
                  {t(`landing.${action.label}`)}
                </Button>
              )}
              {/* With packages below, their section links to every package. */}
              {!withPackages && (
                <Button component="a" href={packagesHref} size="md" variant={action ? 'default' : 'filled'}>
                  {t('landing.allPackages')}
                </Button>
              )}
            </Group>
          )}
        </section>
        <Card withBorder radius="lg" padding="lg">
          <Stack component="ul" className={classes.plainList} gap="lg" aria-label={t('landing.benefitsLabel')}>
            {BENEFITS[kind].map(({ key, icon: BenefitIcon }) => (
              <Group component="li" key={key} gap="md" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size={40} radius="md">
                  <BenefitIcon size={22} aria-hidden />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{text(`benefits.${key}.title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {text(`benefits.${key}.text`)}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        </Card>
      </SimpleGrid>

      {withPackages && (
        <section aria-labelledby="plan-landing-packages">
          <Group justify="space-between" align="baseline" mb="md">
            <Title order={2} size="h3" id="plan-landing-packages">
              {t('landing.packageLabel')}
            </Title>
            <Anchor href={packagesHref} fw={600}>
              {t('landing.allPackages')}
            </Anchor>
          </Group>
          {packages.isPending ? (
            <PackageGridSkeleton count={highlight.length} label={t('page.loading')} />
          ) : packages.isError ? (
            <ErrorState title={t('page.errorTitle')} text={t('page.errorText')} onRetry={() => void packages.refetch()} />
          ) : (
            <PackageGrid
              packages={offered}
              purchase={purchase}
              currentId={currentPackageId(membership.data)}
              label={t('landing.packageLabel')}
              headingOrder={3}
            />
          )}
        </section>
      )}
    </Stack>
  );
}

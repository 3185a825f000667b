import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { MembershipLimits } from '@vitrina/contracts';
import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { authModal } from '@/lib/auth-modal-store';
import { sessionStore } from '@/lib/session/session-store';
import { useMembership } from '../api/membership';
import { usePackages } from '../api/packages';
import { currentPackageId } from '../domain/membership';
import { usePlansT } from '../i18n/texts';
import { MembershipSummary } from './membership-summary';
import { PackageGrid, PackageGridSkeleton } from './package-grid';
import classes from './plans.module.css';
import { usePackagePurchase, type PackagePurchaseOptions } from './use-package-purchase';

export interface PackagesPageProps extends PackagePurchaseOptions {
  /** The package the page was opened for (`/apps/paquetes/{id}`, `?comprar={id}`): marked and scrolled to. */
  highlight?: string | null;
  /** The payment page of a payment token (`/me/payments/{token}`). */
  paymentHref: (token: string) => string;
  /**
   * spec 2 §4 'With a signup plan' (`?comprar={id}`): once the user is signed in, the page waits 3000 ms while it says
   * the account is being finished, then buys that package and opens its payment page (nothing is charged before the
   * user pays there). Not when the user has that package already.
   */
  autoBuy?: string | null;
}

/**
 * spec 2 §2 `/apps/paquetes` (issue 16): the packages a user can buy, and for a signed-in user their plan on top
 * (status, next charge, a payment waiting); buying one leads to its payment page.
 */
export function PackagesPage({ highlight = null, paymentHref, autoBuy = null, ...purchaseOptions }: PackagesPageProps) {
  const { t } = usePlansT();
  const purchase = usePackagePurchase(purchaseOptions);
  const packages = usePackages();
  const membership = useMembership(purchase.userId);
  const currentId = currentPackageId(membership.data);
  const scrolled = useRef(false);
  const [autoDone, setAutoDone] = useState(false);
  const autoTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { buy } = purchase;
  // The 'account being finished' wait of a signup plan: only for a signed-in user who has not that package already.
  const finishing =
    !!autoBuy && !autoDone && purchase.mode === 'buy' && membership.isSuccess && currentPackageId(membership.data) !== autoBuy;

  useEffect(() => {
    if (!finishing || !autoBuy || autoTimer.current) return;
    // started once: later renders (a membership refetch) must not cancel it; leaving the page does
    autoTimer.current = setTimeout(() => {
      // spec 2 §4: the sign-in is applied again (a fresh token for the new account), then the package is requested
      void sessionStore
        .refresh()
        .catch(() => null)
        .finally(() => {
          setAutoDone(true);
          buy(autoBuy);
        });
    }, MembershipLimits.signupPlanWaitMs);
  }, [finishing, autoBuy, buy]);
  useEffect(() => () => clearTimeout(autoTimer.current), []);

  useEffect(() => {
    if (!highlight || !packages.data || scrolled.current) return;
    scrolled.current = true;
    document.getElementById(`package-${highlight}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [highlight, packages.data]);

  return (
    <Stack gap="xl">
      <section className={classes.hero} aria-labelledby="packages-title">
        <Text size="sm" fw={600} c="vitrina.8" tt="uppercase">
          {t('page.eyebrow')}
        </Text>
        <Title order={1} id="packages-title" className={classes.title} mt={4}>
          {t('page.title')}
        </Title>
        <Text size="lg" c="dimmed" mt="md" maw={680}>
          {t('page.text')}
        </Text>
      </section>

      {finishing && (
        <Alert
          color="blue"
          icon={<Loader size="xs" aria-hidden />}
          title={t('signupPlan.title')}
          role="status"
          data-testid="packages-finishing"
        >
          {t('signupPlan.text')}
        </Alert>
      )}

      {purchase.mode === 'register' && (
        <Group gap="sm" data-testid="packages-visitor">
          <Text c="dimmed">{t('page.visitor')}</Text>
          <Button
            variant="default"
            size="sm"
            onClick={() => authModal.open('login')}
            onFocus={authModal.prefetch}
            onPointerEnter={authModal.prefetch}
          >
            {t('page.login')}
          </Button>
        </Group>
      )}
      {purchase.userId && (
        <MembershipSummary
          membership={membership.data}
          status={membership.status}
          onRetry={() => void membership.refetch()}
          paymentHref={paymentHref}
        />
      )}

      {packages.isPending ? (
        <PackageGridSkeleton label={t('page.loading')} />
      ) : packages.isError ? (
        <ErrorState title={t('page.errorTitle')} text={t('page.errorText')} onRetry={() => void packages.refetch()} />
      ) : (
        <PackageGrid
          packages={packages.data.results}
          purchase={purchase}
          currentId={currentId}
          highlight={highlight ? [highlight] : []}
          label={t('page.listLabel')}
          headingOrder={2}
        />
      )}
    </Stack>
  );
}

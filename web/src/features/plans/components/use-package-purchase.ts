import { notifications } from '@mantine/notifications';
import { MembershipLimits } from '@vitrina/contracts';
import { useCallback } from 'react';
import { authModal } from '@/lib/auth-modal-store';
import { formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session/use-session';
import { useBuyPackage } from '../api/buy-package';
import { purchaseRefusal, type PackageName } from '../domain/purchase-refusal';
import { usePlansT, type PlansKey, type PlansT } from '../i18n/texts';

/** spec 2 §8: notices close after 5 to 7 seconds; the downgrade warning after MembershipLimits.downgradeWarningMs. */
const NOTICE_MS = 5_000;

export interface PackagePurchaseOptions {
  /** The purchase was made: open its payment page (`/me/payments/{payment_token}`). */
  onPaymentPage: (paymentToken: string) => void;
  /** Where a visitor who signs up from a package's button comes back to. */
  registerNext?: (packageId: string) => string;
}

export interface PackagePurchase {
  /** How the packages' buttons read and act: loading (the session is not known yet), register (a visitor), buy. */
  mode: 'loading' | 'register' | 'buy';
  /** The package being bought (its button spins, the others wait). */
  buyingId: string | null;
  buy: (packageId: string) => void;
  /** The signed-in user's id, or null. */
  userId: string | null;
}

/** The name of a package as the server wrote it, translated when it is one of the platform's packages. */
export function translatedName(t: PlansT, pkg: PackageName): string {
  return pkg.id ? t(`packages.${pkg.id}.name` as PlansKey) : pkg.name;
}

/**
 * The buy button of a package (spec 2 §2 'buynow', issue 16): a visitor gets the registration ('Regístrate ahora');
 * a signed-in user's click makes the purchase (`PUT …/package/{id}` with its Idempotency-Key) and goes to its payment
 * page; a refusal shows the spec's notice (spec 2 §8 'Package errors').
 */
export function usePackagePurchase({ onPaymentPage, registerNext }: PackagePurchaseOptions): PackagePurchase {
  const { t, i18n } = usePlansT();
  const session = useSession();
  const userId = session.status === 'authenticated' ? (session.user?.id ?? null) : null;
  const mutation = useBuyPackage(userId);
  const { mutate } = mutation;

  const refused = useCallback(
    (error: unknown) => {
      const refusal = purchaseRefusal(error);
      const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language) : '');
      switch (refusal.kind) {
        case 'signIn':
          authModal.open('login');
          return;
        case 'downgrade':
          notifications.show({
            color: 'yellow',
            title: t('errors.downgradeTitle'),
            message: t('errors.downgrade', {
              current: translatedName(t, refusal.current),
              requested: translatedName(t, refusal.requested),
              date: date(refusal.chargeDate),
            }),
            autoClose: MembershipLimits.downgradeWarningMs,
          });
          return;
        case 'alreadyActive':
          notifications.show({
            color: 'blue',
            message: t('errors.alreadyActive', { date: date(refusal.chargeDate) }),
            autoClose: NOTICE_MS,
          });
          return;
        case 'notFound':
          notifications.show({ color: 'red', title: t('errors.paymentTitle'), message: t('errors.notFound'), autoClose: NOTICE_MS });
          return;
        case 'failed':
          notifications.show({
            color: 'red',
            title: t('errors.paymentTitle'),
            message: refusal.message ?? t('errors.failed'),
            autoClose: MembershipLimits.downgradeWarningMs,
          });
      }
    },
    [t, i18n.language],
  );

  const buy = useCallback(
    (packageId: string) => {
      if (!userId) {
        authModal.open('register', { withTitle: true, ...(registerNext ? { next: registerNext(packageId) } : {}) });
        return;
      }
      mutate(packageId, { onSuccess: (purchase) => onPaymentPage(purchase.payment_token), onError: refused });
    },
    [userId, registerNext, mutate, onPaymentPage, refused],
  );

  const mode = session.status === 'loading' ? 'loading' : userId ? 'buy' : 'register';
  return { mode, buyingId: mutation.isPending ? (mutation.variables ?? null) : null, buy, userId };
}

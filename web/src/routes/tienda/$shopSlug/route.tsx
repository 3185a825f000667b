import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import type { HeaderButtonLabel } from '@vitrina/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue } from 'react';
import { isApiError } from '@/api/client';
import { currentViewerId } from '@/lib/session/current-viewer';
import { useSession } from '@/lib/session/use-session';
import { affiliateParamsOf, getShopBySlug, shopBySlugQueryOptions, useShopBySlug } from '@/features/storefront/api/get-shop-by-slug';
import { AccountSlotPlaceholder } from '@/features/storefront/components/layout/account-slot-placeholder';
import { ShopLayout } from '@/features/storefront/components/layout/shop-layout';
import { ShopSkeleton } from '@/features/storefront/components/layout/shop-skeleton';
import { ShopLoadError } from '@/features/storefront/components/pages/shop-load-error';
import { ShopNotFound } from '@/features/storefront/components/pages/shop-not-found';
import { visibleShopBase } from '@/features/storefront/lib/shop-path';
import type { Viewer } from '@/features/storefront/lib/viewer';
import { hasLocalCart, useCartBridge } from '@/lib/cart-bridge';
import { useFirstPaintDone } from '@/lib/first-paint';

// The accounts feature's header corner and register button bring the sign-in/registration modal and its
// forms; they load after the shop has painted, so the shop home's first load stays small.
import { AlertsBell } from '../../-alerts-bell';
const AccountHeader = lazy(() => import('@/features/account-menu/components/account-header').then((m) => ({ default: m.AccountHeader })));
// The owner's in-place editors (issue 5): a separate chunk, loaded only when the signed-in user owns the shop.
const OwnerTools = lazy(() => import('@/features/shop-admin/components/owner-tools'));
const CollaboratorBar = lazy(() => import('@/features/shop-admin/components/collaborator-bar'));
// The cart (issue 11): its host keeps the header badge and renders the side panel; the storefront reaches it through
// lib/cart-bridge. Loaded only when it has something to show or the visitor reaches for the cart.
const CartHost = lazy(() => import('@/features/cart/components/cart-host'));
const RegisterButton = lazy(() => import('@/features/auth/components/register-button').then((m) => ({ default: m.RegisterButton })));

/** Visits already recorded in this tab, so a re-run of the loader does not record one twice. */
const recordedVisits = new Set<string>();

/** Every page of a shop under /tienda/{shopSlug}/ (spec 1 §2 'Shop paths'), also served at a shop host's root. */
export const Route = createFileRoute('/tienda/$shopSlug')({
  loader: async ({ context: { queryClient }, params: { shopSlug }, location }) => {
    // The shop's answer depends on who asks (banners and headers by level, user_info): keyed by the viewer.
    const options = shopBySlugQueryOptions(shopSlug, await currentViewerId());
    // spec 1 §7 'Load shop': affiliate parameters in the URL go with the load, which records the visit.
    const affiliate = affiliateParamsOf(location.search);
    const visit = Object.keys(affiliate).length > 0 ? `${shopSlug}?${new URLSearchParams(affiliate).toString()}` : null;
    try {
      if (visit && !recordedVisits.has(visit)) {
        recordedVisits.add(visit);
        queryClient.setQueryData(options.queryKey, await getShopBySlug(shopSlug, affiliate));
      } else {
        await queryClient.ensureQueryData(options);
      }
    } catch (error) {
      // A missing shop (404 shop_not_found, or any 404) shows the shop not-found page.
      if (isApiError(error) && error.status === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: ShopSkeleton,
  pendingMs: 150,
  notFoundComponent: ShopNotFound,
  errorComponent: ShopLoadError,
  component: ShopLayoutRoute,
});

function ShopLayoutRoute() {
  useFirstPaintDone();
  const { shopSlug } = Route.useParams();
  const session = useSession();
  // What the storefront shows depends on the viewer, and its queries are keyed by them (see viewer-key.ts):
  // after a sign-in or sign-out the shop's data is fetched for the new viewer. Deferred, so the page on screen
  // stays while that answer loads instead of falling back to the skeleton.
  const viewerId = useDeferredValue(session.user?.id ?? null);
  const { data: shop } = useShopBySlug(shopSlug, viewerId);
  const queryClient = useQueryClient();
  // The accounts feature's session as the storefront's viewer (spec 1 §6 'User levels').
  // The rate of the user's plan (issue 16) from their profile; null (the default rate) until it loads.
  const planRate = session.profile ? Number(session.profile.plan_commission_rate) : NaN;
  const viewer: Viewer = { level: session.level, userId: viewerId, commissionRate: Number.isFinite(planRate) ? planRate : null };
  // spec 2 §4 'With a signup plan' (issue 16): whoever signs up here goes on to buy the shop's package
  const registerOptions = {
    store: shop.slug,
    variant: shop.store_theme_info.signup_form,
    ...(shop.signup_plan ? { next: `/apps/paquetes?comprar=${encodeURIComponent(shop.signup_plan)}` } : {}),
  };

  // SLOTS (accounts): the header's account corner and the register call to action.
  const account = (
    <Suspense fallback={<AccountSlotPlaceholder />}>
      <AccountHeader
        registerOptions={registerOptions}
        shopPath={visibleShopBase(shop.slug)}
        withThemeToggle={shop.darkmode && !shop.hidden_darkmode}
        alerts={<AlertsBell />}
      />
    </Suspense>
  );
  const register = ({ label }: { label: HeaderButtonLabel }) =>
    // spec 1 §2: the sign-up call to action is for level-zero users only.
    session.level === 0 ? (
      <Suspense fallback={null}>
        <RegisterButton label={label} size="md" options={registerOptions} />
      </Suspense>
    ) : null;

  // SLOT (shop admin): spec 1 §6, edit controls only for the shop's owner with the admin permission and never on
  // a proxy shop (the server refuses its saves); everyone else never downloads the admin chunk.
  // An admin collaborator of the owner (issue 16) edits too: the access token lets them act on the owner's paths.
  const userId = session.user?.id ?? null;
  const collaborations = session.user?.collaborations ?? {};
  const editor = userId !== null && (userId === shop.owner || collaborations[shop.owner] === 'admin');
  const ownsWithAdmin = editor && shop.permissions.includes('admin') && !shop.is_proxy;
  const owner = ownsWithAdmin ? (
    <Suspense fallback={null}>
      <OwnerTools
        shop={shop}
        userId={userId}
        collaborations={collaborations}
        accountType={session.accountType}
        shopBase={visibleShopBase(shop.slug)}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: ['storefront'] })}
      />
    </Suspense>
  ) : userId !== null && userId !== shop.owner && Object.hasOwn(collaborations, shop.owner) ? (
    // spec 2 §2 'Shop side bar': a collaborator who does not edit the shop gets the shortcuts of their role
    <Suspense fallback={null}>
      <CollaboratorBar shop={shop} role={collaborations[shop.owner]!} shopUrl={`${window.location.origin}${visibleShopBase(shop.slug)}`} />
    </Suspense>
  ) : null;

  // SLOT (cart): a signed-in user's badge comes from the server, an anonymous visitor's from a local cart; a visitor
  // without either downloads the cart once they open it or add to it.
  const cart = useCartBridge();
  const withCart = session.status === 'authenticated' || cart.wanted || hasLocalCart(shop.slug);

  return (
    <>
      <ShopLayout
        slug={shopSlug}
        viewer={viewer}
        slots={{ account, register, owner, viewerIsSupplier: session.user?.keychain.includes('dssupplier-admin') ?? false }}
      >
        <Outlet />
      </ShopLayout>
      {withCart && (
        <Suspense fallback={null}>
          <CartHost shopSlug={shop.slug} shopBase={visibleShopBase(shop.slug)} />
        </Suspense>
      )}
    </>
  );
}

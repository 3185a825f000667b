import { lazy, Suspense } from 'react';
import { useAuthModalState, useIsPrimaryHost } from './auth-modal-store';

const AuthModal = lazy(() => import('./auth-modal-content'));

/**
 * The log-in and registration modals (spec 2 §2, §4: they toggle). Place it wherever `authModal.open()` may
 * be called; with several on one page only the first renders. The modal and its forms are a separate chunk,
 * loaded on the first `authModal.prefetch()` (pointer over / focus on a button that opens it) or `open()`.
 */
export function AuthModalHost() {
  const primary = useIsPrimaryHost();
  const { requested } = useAuthModalState();
  if (!primary || !requested) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { useAuthModalState } from '@/lib/auth-modal-store';

const AuthModal = lazy(() => import('./auth-modal-content'));

/**
 * The log-in and registration modals (spec 2 §2, §4: they toggle), opened from anywhere with `authModal.open()`
 * (web/src/lib/auth-modal-store.ts). Rendered once, by the root route, so every page has it and no feature has to
 * place it. The modal and its forms are a separate chunk, loaded on the first `authModal.prefetch()` (pointer
 * over / focus on a button that opens it) or `open()`: a page that never shows it never downloads it.
 */
export function AuthModalHost() {
  const { requested } = useAuthModalState();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}

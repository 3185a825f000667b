import { useSyncExternalStore } from 'react';

export type AuthView = 'login' | 'register';

/** How the registration opens (spec 2 §2 'Registration form'). */
export interface AuthModalOptions {
  /** Shows the optional title 'sign up to continue'. */
  withTitle?: boolean;
  /** Where to go once signed in; default: stay on the current path. */
  next?: string;
  /** Slug of the shop the sign-up happens in. */
  store?: string;
  /** The store-creation-on-signup setting: phone mode, 'create store now', no channel switching. */
  createStoreOnSignup?: boolean;
  /** The shop's sign-up variant: `complete` (phone first, PIN may be skipped) or `basic` (PIN may be skipped). */
  variant?: 'complete' | 'basic';
}

interface AuthModalState {
  view: AuthView | null;
  options: AuthModalOptions;
  /**
   * The modal and its forms are a separate chunk: the host mounts it once it was opened or is about to be
   * (a pointer over or focus on a button that opens it), so a page that never shows it never downloads it.
   */
  requested: boolean;
}

let state: AuthModalState = { view: null, options: {}, requested: false };
const listeners = new Set<() => void>();

function set(next: Partial<AuthModalState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Opens the log-in or registration modal from anywhere (a header button, a 'sign up' call to action, another
 * feature's sign-in prompt). The modal itself belongs to the auth feature; the root route renders its one host
 * (features/auth/components/auth-modal.tsx), so whoever opens it needs only this store.
 * Arrow properties, not methods: they are passed as handlers (`onFocus={authModal.prefetch}`), so they must not depend on `this`.
 */
export const authModal = {
  open: (view: AuthView, options: AuthModalOptions = {}): void => {
    set({ view, options, requested: true });
  },
  /** Starts loading the modal before it opens: call it on pointer enter or focus of what opens it. */
  prefetch: (): void => {
    if (!state.requested) set({ requested: true });
  },
  /** spec 2 §4: the log-in and registration modals toggle, keeping the options. */
  switchTo: (view: AuthView): void => {
    set({ view });
  },
  close: (): void => {
    set({ view: null });
  },
};

export function useAuthModalState(): AuthModalState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

/** Tests only. */
export function resetAuthModal(): void {
  state = { view: null, options: {}, requested: false };
}

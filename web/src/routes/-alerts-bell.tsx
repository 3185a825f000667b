import { lazy } from 'react';

/**
 * The alerts bell, loaded only when rendered (AccountHeader renders its slot for a signed-in user alone, so a visitor
 * never downloads it). Not a route: the `-` keeps the router plugin from reading it.
 */
export const AlertsBell = lazy(() => import('@/features/alerts/components/alerts-bell'));

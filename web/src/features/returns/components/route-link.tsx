import { Link, type LinkProps } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

export type RouteLinkProps = Omit<LinkProps, 'to' | 'params'> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
    /** A full path of the app, built by the route (`/mis-compras/devoluciones/ret_1`, `/admin/devoluciones`). */
    to: string;
    children?: LinkProps['children'];
  };

/**
 * A router link to a path the route handed in: the return pages live at several addresses (the platform's, a shop's,
 * the seller's), so the route decides where a link leads and the components only draw it.
 */
export const RouteLink = forwardRef<HTMLAnchorElement, RouteLinkProps>(function RouteLink({ to, ...props }, ref) {
  // Built at run time, so not one of the route tree's literal types; the router still matches it against the routes.
  return <Link ref={ref} to={to as '/'} preload="intent" {...(props as Omit<LinkProps, 'to'>)} />;
});

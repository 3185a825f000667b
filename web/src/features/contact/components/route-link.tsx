import { Link, type LinkProps } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

export type RouteLinkProps = Omit<LinkProps, 'to' | 'params'> &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
    /** A full path of the app, built by the route (`/me/inbox/{id}`). */
    to: string;
    children?: LinkProps['children'];
  };

/** A router link to a path the route handed in: the route decides where an entry opens, the components draw it. */
export const RouteLink = forwardRef<HTMLAnchorElement, RouteLinkProps>(function RouteLink({ to, ...props }, ref) {
  // Built at run time, so not one of the route tree's literal types; the router still matches it against the routes.
  return <Link ref={ref} to={to as '/'} preload="intent" {...(props as Omit<LinkProps, 'to'>)} />;
});

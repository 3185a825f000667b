import type { Membership } from '@vitrina/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ownerSegment, unwrap } from '@/api/client';
import { plansKeys } from './keys';

/** `GET /broker-memberships/{me}:{me}/membership`: the caller's package, status, next charge and any payment waiting. */
export function getMembership(userId: string): Promise<Membership> {
  return unwrap(api.GET('/api/broker-memberships/{me}/membership', { params: { path: { me: ownerSegment(userId) } } }));
}

export function membershipQueryOptions(userId: string) {
  return queryOptions({ queryKey: plansKeys.membership(userId), queryFn: () => getMembership(userId) });
}

/** The signed-in user's membership; idle (no call) without a user. */
export function useMembership(userId: string | null) {
  return useQuery({ ...membershipQueryOptions(userId ?? ''), enabled: userId !== null });
}

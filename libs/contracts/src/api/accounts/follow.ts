import { z } from 'zod';

/** spec 2 §3 promoted person state_follow. */
export const FollowStateSchema = z.enum(['following', 'not_following']);
export type FollowState = z.infer<typeof FollowStateSchema>;

export const FollowResponseSchema = z.strictObject({ state_follow: FollowStateSchema }).meta({ id: 'FollowResponse' });
export type FollowResponse = z.infer<typeof FollowResponseSchema>;

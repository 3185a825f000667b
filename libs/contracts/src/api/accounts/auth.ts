import { z } from 'zod';
import { AccountLevelSchema, AccountTypeSchema, ChannelSchema } from './shared.js';
import { CollaboratorRoleSchema } from './collaborators.js';

/** spec 2 §3 registration response. `code` identifies this registration in the PIN step (not the PIN). */
export const RegistrationResponseSchema = z
  .strictObject({
    code: z.string(),
    can_skip_pin: z.boolean(),
    username: z.string(),
    /** For phone registrations: a text with a colon and the number after it. */
    message: z.string(),
    type: ChannelSchema,
  })
  .meta({ id: 'RegistrationResponse' });
export type RegistrationResponse = z.infer<typeof RegistrationResponseSchema>;

export const UserExistsResponseSchema = z.strictObject({ exist: z.boolean() }).meta({ id: 'UserExistsResponse' });
export type UserExistsResponse = z.infer<typeof UserExistsResponseSchema>;

/** spec 2 §3 auth result, plus the access token. The refresh token travels only in its httpOnly cookie. */
export const AuthResultSchema = z
  .strictObject({
    meID: z.string(),
    keychain: z.array(z.string()),
    myKeychain: z.array(z.string()),
    level: AccountLevelSchema,
    account_type: AccountTypeSchema,
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    /** Seconds. */
    expires_in: z.number().int(),
    /**
     * The shops the user collaborates in, by their owner's id, with the role (issue 16): what the access token's `col`
     * claim says, so the web can show a collaborator the tools of their role. Absent when there are none.
     */
    collaborations: z.record(z.string(), CollaboratorRoleSchema).optional(),
  })
  .meta({ id: 'AuthResult' });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const NotificationActionSchema = z
  .strictObject({
    type: z.literal('NOTIFICATION'),
    payload: z.strictObject({ level: z.enum(['success', 'info', 'warning', 'error']), message: z.string() }),
  })
  .meta({ id: 'NotificationAction' });
export type NotificationAction = z.infer<typeof NotificationActionSchema>;

export const SetAuthActionSchema = z.strictObject({ type: z.literal('SET_AUTH'), payload: AuthResultSchema }).meta({ id: 'SetAuthAction' });
export type SetAuthAction = z.infer<typeof SetAuthActionSchema>;

/** spec 2 §3: the PIN activation answer carries a notification action and an auth action (SET_AUTH). */
export const ActivationResponseSchema = z
  .strictObject({ notification: NotificationActionSchema, auth: SetAuthActionSchema })
  .meta({ id: 'ActivationResponse' });
export type ActivationResponse = z.infer<typeof ActivationResponseSchema>;

/** `GET /auth/activate/{key}`: whether the link still works. */
export const ActivationKeyStatusSchema = z.strictObject({ valid: z.boolean(), username: z.string() }).meta({ id: 'ActivationKeyStatus' });
export type ActivationKeyStatus = z.infer<typeof ActivationKeyStatusSchema>;

/** `POST /auth/password/reset` answer: `code` identifies the request in the confirm step. */
export const PasswordResetRequestedSchema = z
  .strictObject({ code: z.string(), type: ChannelSchema, message: z.string() })
  .meta({ id: 'PasswordResetRequested' });
export type PasswordResetRequested = z.infer<typeof PasswordResetRequestedSchema>;

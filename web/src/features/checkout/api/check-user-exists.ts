import { api, unwrap } from '@/api/client';

/**
 * spec 3 §5 / §8 'Registration/guest': before a guest is sent to register with the contact they typed, the accounts
 * API says whether that e-mail already has an account (then: 'The user already exists, please try a different one').
 */
export async function userExists(username: string): Promise<boolean> {
  const answer = await unwrap(api.POST('/api/auth/users/exist', { body: { username } }));
  return answer.exist;
}

/** What the benchmark scripts share: signing a demo or benchmark user in through the gateway. */
import { DEMO } from '@vitrina/contracts';

/** A user's access token (every demo and benchmark user has DEMO.password); `fail` ends the run with a message. */
export async function signIn(target, email, fail) {
  const res = await fetch(new URL('/api/auth/login', target), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO.password }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = await res.json().catch(() => ({}));
  if (!res.ok || !body.access_token)
    fail(`preflight sign-in of ${email} answered ${res.status} ${JSON.stringify(body)}: is the stack seeded (SEED_DEMO)?`);
  return body.access_token;
}

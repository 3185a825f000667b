#!/usr/bin/env node
/**
 * The operator's tool (issue 14 cash-outs, issue 16 suppliers): Vitrina's internal routes, which take the shared
 * service secret and are left out of the public API, called from a terminal on a machine that reaches the accounts
 * service.
 *
 *   npm run operator -- supplier disable <userId>     stop a supplier selling (banner on their shops, lines disabled)
 *   npm run operator -- supplier enable <userId>
 *   npm run operator -- cashout paid <cashoutId>      the transfer was made
 *   npm run operator -- cashout rejected <cashoutId>  give the amount back to the wallet
 *
 * Where: SERVICE_URL_ACCOUNTS (default http://127.0.0.1:3105 + SERVICE_PORT_OFFSET). The secret:
 * INTERNAL_SERVICE_SECRET (outside production the development one when unset, as the services do).
 * Prints the service's answer as JSON; exits 1 with its { code, message } when refused, 2 on a usage error.
 */
import { DEVELOPMENT_SERVICE_SECRET, SERVICES, SERVICE_SECRET_HEADER, serviceUrlVariable } from '@vitrina/contracts';

const USAGE = 'usage: operator supplier enable|disable <userId> | operator cashout paid|rejected <cashoutId>';

/** The request an operator's words stand for, or a usage error. */
export function operatorRequest([subject, action, id]) {
  if (!id || /[/?#\s]/.test(id)) return { error: USAGE };
  const ref = encodeURIComponent(id);
  if (subject === 'supplier' && (action === 'enable' || action === 'disable')) {
    return { method: 'PUT', path: `/accounts/internal/suppliers/${ref}/enabled`, body: { enabled: action === 'enable' } };
  }
  if (subject === 'cashout' && (action === 'paid' || action === 'rejected')) {
    return { method: 'POST', path: `/accounts/internal/cashouts/${ref}/${action}` };
  }
  return { error: USAGE };
}

function accountsUrl(env) {
  const offset = Number(env.SERVICE_PORT_OFFSET ?? 0) || 0;
  const configured = env[serviceUrlVariable('accounts')]?.split(',')[0]?.trim();
  return (configured || `http://127.0.0.1:${SERVICES.accounts.port + offset}`).replace(/\/+$/, '');
}

function secret(env) {
  if (env.INTERNAL_SERVICE_SECRET) return env.INTERNAL_SERVICE_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('INTERNAL_SERVICE_SECRET is required in production');
  return DEVELOPMENT_SERVICE_SECRET;
}

async function main(argv, env) {
  const request = operatorRequest(argv);
  if (request.error) {
    console.error(request.error);
    return 2;
  }
  const res = await fetch(`${accountsUrl(env)}${request.path}`, {
    method: request.method,
    headers: { [SERVICE_SECRET_HEADER]: secret(env), ...(request.body ? { 'content-type': 'application/json' } : {}) },
    ...(request.body ? { body: JSON.stringify(request.body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  (res.ok ? console.log : console.error)(text);
  return res.ok ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}

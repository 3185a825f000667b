/** One link of an error's chain: the fields PostgreSQL's drivers (pg, PGlite) and Node's errors put on an error. */
export interface ErrorLink {
  message?: unknown;
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  syscall?: unknown;
  name?: unknown;
  cause?: unknown;
}

/**
 * The error and its causes, outermost first, at most four deep: Drizzle wraps the driver's error in `cause` (and a
 * transaction's runner may wrap that once more); a chain longer than that is not a database error's.
 */
export function causeChain(err: unknown): ErrorLink[] {
  const chain: ErrorLink[] = [];
  for (let e = err; e && typeof e === 'object' && chain.length < 4; e = (e as ErrorLink).cause) chain.push(e);
  return chain;
}

/** What a database refusal says beyond its SQLSTATE: the constraint it broke and the detail it raised, when given. */
export interface DatabaseRefusal {
  code: string;
  constraint?: string;
  detail?: string;
}

/**
 * The database error with SQLSTATE `code` behind `err` (PostgreSQL's or PGlite's, possibly wrapped by the query
 * builder), or undefined when the chain holds none: `23505` unique_violation, `23514` check_violation, `55P03`
 * lock_not_available, or a code a migration's function raises. With `constraint`, only a violation of that one.
 */
export function databaseError(err: unknown, code: string, constraint?: string): DatabaseRefusal | undefined {
  for (const e of causeChain(err)) {
    if (e.code !== code) continue;
    const found: DatabaseRefusal = { code };
    if (typeof e.constraint === 'string') found.constraint = e.constraint;
    if (typeof e.detail === 'string') found.detail = e.detail;
    if (constraint === undefined || found.constraint === constraint) return found;
  }
  return undefined;
}

/** SQLSTATEs the services test for by name. */
export const SqlState = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  lockNotAvailable: '55P03',
  queryCanceled: '57014',
} as const;

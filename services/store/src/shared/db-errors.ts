/**
 * The unique violation (SQLSTATE 23505) behind an error, PostgreSQL's or PGlite's, possibly wrapped by the
 * query builder (`cause`): its constraint name when the driver gives one. Undefined for any other error.
 */
export function uniqueViolation(err: unknown): { constraint: string | undefined } | undefined {
  for (let e: unknown = err, i = 0; e && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    if ((e as { code?: unknown }).code === '23505') {
      const constraint = (e as { constraint?: unknown }).constraint;
      return { constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return undefined;
}

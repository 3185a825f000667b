/**
 * What presenting an already-rotated refresh token means (docs/architecture.md §3 rotation with reuse detection).
 * Within `graceMs` of its rotation, while the token that replaced it is still the family's newest, it is a second
 * tab (or a retried request) racing the first: it gets the rotation's answer again. Otherwise it is a copied token
 * being replayed: the family is revoked.
 */
export function rotatedTokenOutcome(input: {
  rotatedAt: Date;
  now: Date;
  graceMs: number;
  successorIsNewest: boolean;
}): 'replay' | 'reuse' {
  const elapsed = input.now.getTime() - input.rotatedAt.getTime();
  return elapsed >= 0 && elapsed <= input.graceMs && input.successorIsNewest ? 'replay' : 'reuse';
}

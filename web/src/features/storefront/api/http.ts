/**
 * Query parameters without the empty ones (undefined, null, ''), which the services would read as given: the
 * generated OpenAPI types (src/api/schema.d.ts) then check what is left.
 */
export function cleanQuery<Q extends object>(query: Q): { [K in keyof Q]?: Exclude<Q[K], undefined | null> } {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as {
    [K in keyof Q]?: Exclude<Q[K], undefined | null>;
  };
}

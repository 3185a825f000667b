/** Every list answer (spec: results, matches_estimated). */
export interface ListResponse<T> {
  results: T[];
  matches_estimated: number;
}

/** Hard upper bound on `limit` for any list query, so no request can ask for an unbounded page. */
export const MAX_LIST_LIMIT = 100;
export const DEFAULT_LIST_LIMIT = 10;

/**
 * TanStack Router hands each route's `validateSearch` its parent's search and merges the answer over it; the root's
 * search is the URL's as parsed. A key a validator refuses by leaving it out therefore keeps the URL's raw value
 * (`?sort=price`, `?page=abc` reached the API and turned the listing into an error page). A validator passes its
 * answer through here: every key of the URL it did not accept is set to undefined, so only what it accepted is seen.
 */
export function onlyAccepted<T extends object>(raw: Record<string, unknown>, accepted: T): T {
  const refused: Record<string, undefined> = {};
  for (const key of Object.keys(raw)) if (!(key in accepted)) refused[key] = undefined;
  return { ...refused, ...accepted };
}

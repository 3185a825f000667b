import { sessionStore } from './session-store';

/**
 * The signed-in user's id once the tab's first refresh has answered (null: anonymous). Route loaders key the
 * storefront's queries with it, so what they load is what the page, rendered with the same session, reads.
 */
export async function currentViewerId(): Promise<string | null> {
  await sessionStore.ready();
  return sessionStore.getSnapshot().auth?.meID ?? null;
}

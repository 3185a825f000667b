/**
 * Who a storefront answer was made for. The API answers the same path differently per viewer (banners and
 * headers by level target, the owner's unpublished items and catalogues, user_info: spec 1 §6 'User levels'),
 * so the viewer is part of every such query key: signing in or out through the modal changes the key and the
 * shop's data is fetched for the new viewer, with nothing to invalidate by hand.
 */
export type ViewerId = string | null;

export function viewerScope(viewer: ViewerId): string {
  return viewer ?? 'anonymous';
}

/**
 * Loads the rest of Mantine's styles (`rest.ts`) when the page needs them, not before the first paint
 * (issue 10 §3). Needed means one of:
 * - the shopper starts to interact (pointer, key, focus): menus, drawers and dialogs open from there, and
 *   the styles are on their way before the click's answer renders;
 * - a Mantine component outside the first-paint set appears (a route other than the storefront's, the
 *   owner's tools, a notice): Mantine marks every component with a static `mantine-<Component>-…` class.
 * A storefront page seen without touching it never loads them.
 */
const FIRST_PAINT = new Set([
  'UnstyledButton',
  'VisuallyHidden',
  'Paper',
  'Text',
  'Title',
  'Anchor',
  'Group',
  'Stack',
  'Center',
  'Container',
  'SimpleGrid',
  'Divider',
  'Affix',
  'Card',
  'Image',
  'Badge',
  'Button',
  'ActionIcon',
  'Burger',
  'Breadcrumbs',
  'Pagination',
  'Input',
  'InputWrapper',
  'NativeSelect',
  'ComboboxChevron',
  'Combobox',
  'Loader',
  'Skeleton',
  // Not @mantine/core: they bring their own styles.
  'Carousel',
  'Dropzone',
  // Mantine's state classes (`mantine-active`, `mantine-focus-auto`, `mantine-visible-from-sm`…), not components.
  'active',
  'focus',
  'hidden',
  'visible',
  'rotate',
]);

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

function unknownComponent(root: Element): boolean {
  const elements = [root, ...root.querySelectorAll('[class*="mantine-"]')];
  return elements.some((element) =>
    [...element.classList].some((name) => name.startsWith('mantine-') && !FIRST_PAINT.has(name.split('-')[1] ?? '')),
  );
}

export function loadRestStylesWhenNeeded(doc: Document = document, loadRest: () => Promise<unknown> = () => import('./rest')): void {
  let started = false;
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node instanceof Element && unknownComponent(node)) return load();
      }
    }
  });
  function load(): void {
    if (started) return;
    started = true;
    observer.disconnect();
    for (const type of INTERACTIONS) doc.removeEventListener(type, load, true);
    void loadRest();
  }
  for (const type of INTERACTIONS) doc.addEventListener(type, load, { capture: true, passive: true });
  observer.observe(doc.body, { childList: true, subtree: true });
  // Whatever rendered before the observer started (nothing today: this runs before the first render).
  if (unknownComponent(doc.body)) load();
}

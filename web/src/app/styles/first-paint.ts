/**
 * Mantine's styles that the first paint of a storefront page needs (issue 10 §3: the whole styles.css was
 * 251 KB of render-blocking CSS on the shop home). Imported by main.tsx, so they are the only render-blocking
 * Mantine CSS; every other component's styles come with `rest.ts` (see `load-rest-styles.ts`).
 *
 * The `.layer.css` files put Mantine in `@layer mantine`, which loses to the app's own unlayered CSS modules
 * whatever the order the files arrive in: the rest of Mantine can come later without overriding our styles.
 * The list is what the shop home and a listing render (their `mantine-<Component>-root` classes, phone and
 * desktop, signed out), plus the loading states (Loader, Skeleton).
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Breadcrumbs.layer.css';
import '@mantine/core/styles/Pagination.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';

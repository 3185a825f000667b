/**
 * Every Mantine style, loaded after the first paint (`load-rest-styles.ts`). It repeats the first-paint files:
 * the same rules in the same `@layer mantine`, so nothing changes where both apply.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';

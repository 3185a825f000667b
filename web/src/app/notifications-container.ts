// Its own module so that the lazy import in provider.tsx makes a separate chunk: the `@mantine/notifications`
// entry is also imported statically (the store), and importing it lazily would put the container in the main chunk.
export { Notifications as default } from '@mantine/notifications';

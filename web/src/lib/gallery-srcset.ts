// The srcset rule lives in contracts (a zod-free module): the gateway's preload of the first banner names the same files.
export { gallerySrcSet } from '@vitrina/contracts';

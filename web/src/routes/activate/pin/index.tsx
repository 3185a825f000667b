import { createFileRoute, redirect } from '@tanstack/react-router';

/** spec 2 §2 `/activate/pin/`: the PIN screen lives at /register/activate/ (same query). */
export const Route = createFileRoute('/activate/pin/')({
  beforeLoad: ({ location }) => {
    throw redirect({ href: `/register/activate/${location.searchStr}`, replace: true });
  },
});

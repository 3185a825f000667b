import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ErrorState } from '@/components/error-state';
import { PageShell } from '@/components/layout/page-shell';

/** The router's default error boundary: any route whose loader or render fails without its own. */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <PageShell>
      <ErrorState
        onRetry={() => {
          reset();
          void router.invalidate();
        }}
      />
    </PageShell>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '@/features/auth/components/password-reset-page';

/** spec 2 §2: reset-password link from the activation screen. */
export const Route = createFileRoute('/password/reset/')({
  component: PasswordResetPage,
});

/**
 * /tank-ai: signed-in admins only (DECISIONS.md 5). FOUNDATION PLACEHOLDER, to be filled by the
 * Tank AI feature: the chat with its greeting, suggested questions and typing indicator.
 * The spec gives Tank AI no signed-out text; the prompt below follows the other screens'.
 */
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { RequireSignIn, useRole } from '../auth';

export const ADMINS_ONLY_MESSAGE = 'Tank AI is available to administrators.';

export function TankAiPage() {
  return (
    <RequireSignIn prompt="Please log in to use Tank AI.">
      <AdminsOnly />
    </RequireSignIn>
  );
}

function AdminsOnly() {
  const { isAdmin, pending } = useRole();
  if (pending) return <Loading />;
  if (!isAdmin) {
    return (
      <div className="notice card" role="alert">
        <p>{ADMINS_ONLY_MESSAGE}</p>
      </div>
    );
  }
  return <Page title="Tank AI" />;
}

/**
 * /tank-ai: the rule-based assistant, for signed-in admins only
 * (docs/decisions/0005-tank-ai-for-admins.md). The spec gives Tank AI no signed-out text;
 * the prompt below follows the other screens'.
 */
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { RequireSignIn, useRole } from '../auth';
import { TankAiChat } from './TankAiChat';

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
  return (
    <Page title="Tank AI" lead="Answers come from built-in rules and the live database figures, not from a language model.">
      <TankAiChat />
    </Page>
  );
}

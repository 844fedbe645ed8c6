import { Navigate } from 'react-router-dom';
import { Loading } from '../../components/Loading';
import { useAuth } from '../../auth-state';

/** /callback: AuthProvider exchanges the code; this route then moves on to where sign-in began. */
export function CallbackPage() {
  const { status, returnTo } = useAuth();
  if (status === 'authenticated') return <Navigate to={returnTo ?? '/dashboard'} replace />;
  if (status === 'unauthenticated') return <Navigate to="/" replace />;
  return <Loading />;
}

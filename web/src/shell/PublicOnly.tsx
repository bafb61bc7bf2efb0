/**
 * Guard of the public routes (AUTH-003): a signed-in user goes to the remembered target
 * (AUTH-004) or to /home. This is also how a successful sign-in leaves the login page.
 */
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { peekReturnTo } from '../auth/session-storage';
import { useSessionStore } from '../auth/session-store';
import { PublicLayout } from './PublicLayout';

export function PublicOnly() {
  const signedIn = useSessionStore((s) => !!s.session);
  const ending = useSessionStore((s) => s.ending);
  useEffect(() => {
    // A sign-out has arrived here: the signed-in guard may act on its own again.
    if (ending) useSessionStore.getState().setEnding(false);
  }, [ending]);
  if (signedIn) return <Navigate to={peekReturnTo() ?? '/home'} replace />;
  return <PublicLayout />;
}

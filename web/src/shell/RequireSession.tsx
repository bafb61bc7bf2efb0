/**
 * Guard of the signed-in routes (AUTH-004): without a session, remember where the user was going
 * and send them to /login. Stands still while a sign-out is navigating away on its own.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { clearReturnTo, rememberReturnTo } from '../auth/session-storage';
import { useSessionStore } from '../auth/session-store';

export function RequireSession() {
  const session = useSessionStore((s) => s.session);
  const ending = useSessionStore((s) => s.ending);
  const location = useLocation();
  const signedIn = !!session;
  useEffect(() => {
    // Arrived: the remembered target has been used.
    if (signedIn) clearReturnTo();
  }, [signedIn]);
  if (!session) {
    if (ending) return null;
    rememberReturnTo(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}

/** Any unknown path of a signed-in user (issue 11): a page of its own, inside the app's frame. */
import { useLocation } from 'react-router-dom';
import { StatusPage } from './StatusPage';

export function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <StatusPage title="Page not found" tone="warn">
      <p>
        There is no page at <code>{pathname}</code>. Check the address, or use the menus above.
      </p>
    </StatusPage>
  );
}

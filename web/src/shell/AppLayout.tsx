/** Frame of every signed-in screen: session upkeep, navigation bar, breadcrumbs, content. */
import { Outlet } from 'react-router-dom';
import { Breadcrumbs } from './Breadcrumbs';
import { DisconnectModal } from './DisconnectModal';
import { NavBar } from './NavBar';
import { PageFallback } from './PageFallback';
import { ScrollToTop } from './ScrollToTop';
import { SessionTimeoutModal } from './SessionTimeoutModal';
import { ShortcutHelp } from './ShortcutHelp';
import { useTokenRefresh } from './useTokenRefresh';
import { VersionBanner } from './VersionBanner';
import { SystemMessages } from './SystemMessages';

export function AppLayout() {
  const { ready, disconnected } = useTokenRefresh();
  return (
    <div className="app">
      <a className="skip-link" href="#main">Skip to content</a>
      <NavBar />
      <VersionBanner />
      <SystemMessages />
      <div className="app__body">
        <Breadcrumbs />
        <main id="main" className="app__main" tabIndex={-1}>
          {ready ? <Outlet /> : <PageFallback />}
        </main>
      </div>
      <ScrollToTop />
      <SessionTimeoutModal />
      <ShortcutHelp />
      {disconnected && <DisconnectModal />}
    </div>
  );
}

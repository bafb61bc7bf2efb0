/** Frame of every signed-in screen: session upkeep, navigation bar, breadcrumbs, content; provides the site map and lists (site-context.ts). */
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
import { LIST_CRUMBS } from './list-crumbs';
import { SiteContext, type SiteInfo } from './site-context';
import { SITE_LINKS } from './site-map';
import { useFeedConnection } from '../feed/use-feed';

/** The manifests' site map and lists, for the screens that show them. */
const SITE_INFO: SiteInfo = { links: SITE_LINKS, lists: LIST_CRUMBS };

export function AppLayout() {
  const { ready, disconnected } = useTokenRefresh();
  useFeedConnection();
  return (
    <SiteContext.Provider value={SITE_INFO}>
      <div className="app">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
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
    </SiteContext.Provider>
  );
}

/** Frame of the public screens: product panel on the left, the form card on the right. */
import { Outlet } from 'react-router-dom';
import { APP_NAME, AppMark } from './AppName';
import { SystemMessages } from './SystemMessages';

export function PublicLayout() {
  return (
    <div className="public">
      <aside className="public__brand" aria-hidden="true">
        <div className="public__brand-inner">
          <div className="public__logo">
            <AppMark size={30} /> <span>{APP_NAME}</span>
          </div>
          <p className="public__tagline">Line plans, briefs, patterns and colorways for footwear and apparel, from first sketch to buy-ready.</p>
          <ul className="public__points">
            <li>One hierarchy per brand and season</li>
            <li>Spreadsheet editing for costing, forecasts and HTS</li>
            <li>Critical paths and factory collaboration</li>
          </ul>
        </div>
      </aside>
      <main className="public__main" id="main">
        <SystemMessages />
        <div className="public__card">
          <div className="public__logo public__logo--compact">
            <AppMark size={26} /> <span>{APP_NAME}</span>
          </div>
          <Outlet />
        </div>
      </main>
    </div>
  );
}

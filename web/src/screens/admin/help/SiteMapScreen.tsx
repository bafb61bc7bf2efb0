/** /sitemap (SHELL-023): every screen of the app; a link that needs an id is refused with a warning. */
import { Link } from 'react-router-dom';
import { routes } from '../../../shell/routes';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { NEEDS_ID, siteLinks } from './site-map';
import '../common/admin.css';

export function SiteMapScreen() {
  // Only the signed-in part of the table: the branch under RequireSession.
  const signedIn = routes[0].children?.find((r) => r.children?.some((c) => c.children?.some((x) => x.path === 'home')));
  const links = siteLinks(signedIn?.children ?? []).sort((a, b) => a.path.localeCompare(b.path));
  return (
    <>
      <PageHeader title="Site Map" subtitle={`${links.length} screens. Screens your role does not allow lead to Permission Denied.`} />
      <div className="table-scroll">
        <table className="table table--dense" aria-label="Site map">
          <thead><tr><th>Screen</th><th>Address</th></tr></thead>
          <tbody>{links.map((l) => (
            <tr key={l.path}>
              <td>{l.needsId
                ? <a href={l.path} onClick={(e) => { e.preventDefault(); toast.warning(NEEDS_ID); }}>{l.title}</a>
                : <Link to={l.path}>{l.title}</Link>}</td>
              <td className="mono muted">{l.path}</td>
            </tr>
          ))}</tbody>
        </table>
      </div>
    </>
  );
}

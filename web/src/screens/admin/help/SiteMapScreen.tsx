/**
 * /sitemap (SHELL-023): every screen the signed-in user may open (its route's rules, from the
 * manifests through site-context); a link that needs an id is refused with a warning.
 */
import { Link } from 'react-router-dom';
import { useSessionStore } from '../../../auth/session-store';
import { mayOpen } from '../../../auth/access';
import { PageHeader } from '../../../shell/PageHeader';
import { useSiteInfo } from '../../../shell/site-context';
import { toast } from '../../../shell/toast-store';
import '../common/admin.css';

const NEEDS_ID = 'This link requires an ID for the specific module.';

export function SiteMapScreen() {
  const session = useSessionStore((s) => s.session);
  const { links: all } = useSiteInfo();
  const links = all.filter((l) => mayOpen(session, l.access)).sort((a, b) => a.path.localeCompare(b.path));
  return (
    <>
      <PageHeader title="Site Map" subtitle={`${links.length} screens your role may open.`} />
      <div className="table-scroll">
        <table className="table table--dense" aria-label="Site map">
          <thead>
            <tr>
              <th>Screen</th>
              <th>Address</th>
            </tr>
          </thead>
          <tbody>
            {links.map((l) => (
              <tr key={l.path}>
                <td>
                  {l.needsId ? (
                    <a
                      href={l.path}
                      onClick={(e) => {
                        e.preventDefault();
                        toast.warning(NEEDS_ID);
                      }}
                    >
                      {l.title}
                    </a>
                  ) : (
                    <Link to={l.path}>{l.title}</Link>
                  )}
                </td>
                <td className="mono muted">{l.path}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** /home: placeholder dashboard until the widgets arrive (who is signed in, brands, defaults, session). */
import { Link } from 'react-router-dom';
import { useSessionStore } from '../../auth/session-store';
import { useCan } from '../../auth/useCan';
import { formatDateTime } from '../../format/date';
import { PageHeader } from '../../shell/PageHeader';

export function HomeScreen() {
  const session = useSessionStore((s) => s.session);
  const canMigrate = useCan('users', 'edit');
  if (!session) return null;
  const brandName = (id: number | null) => session.brandPermissions.find((b) => Number(b.BrandId) === id)?.BrandName ?? '—';
  return (
    <>
      <PageHeader title={`Welcome, ${session.firstName || session.userName}`} subtitle="Your workbench at a glance." />
      <div className="dashboard">
        <section className="card" aria-labelledby="brands-title">
          <h2 id="brands-title" className="card__title">Your brands <span className="badge">{session.brandPermissions.length}</span></h2>
          {session.brandPermissions.length ? (
            <ul className="chip-list">
              {session.brandPermissions.map((b) => <li key={b.BrandId} className="chip">{b.BrandName}</li>)}
            </ul>
          ) : <p className="muted">No brands are assigned to you yet.</p>}
        </section>
        <section className="card" aria-labelledby="defaults-title">
          <h2 id="defaults-title" className="card__title">Defaults</h2>
          <dl className="kv">
            <dt>Brand</dt><dd>{brandName(session.defaultBrandId)}</dd>
            <dt>Season</dt><dd>{session.defaultSeasonId ?? '—'}</dd>
            <dt>Division</dt><dd>{session.defaultDivisionKey ?? '—'}</dd>
            <dt>Account</dt><dd>{session.isFactoryUser ? 'Factory user' : 'Brand staff'}</dd>
          </dl>
        </section>
        <section className="card" aria-labelledby="session-title">
          <h2 id="session-title" className="card__title">Session</h2>
          <dl className="kv">
            <dt>Signed in as</dt><dd>{session.userName}</dd>
            <dt>Session ends</dt><dd>{formatDateTime(session.validUntil)}</dd>
          </dl>
          <div className="card__links">
            <Link to="/changePassword">Change Password</Link>
            {canMigrate && <Link to="/migrations">Migrations</Link>}
          </div>
        </section>
      </div>
    </>
  );
}

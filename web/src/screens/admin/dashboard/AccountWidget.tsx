/** The signed-in user at a glance: brands, defaults and session (the former /home content). */
import { Link } from 'react-router-dom';
import { useSessionStore } from '../../../auth/session-store';
import { useCan } from '../../../auth/useCan';
import { formatDateTime } from '../../../format/date';

export function AccountWidget() {
  const session = useSessionStore((s) => s.session);
  const canMigrate = useCan('users', 'edit');
  if (!session) return null;
  const brandName = (id: number | null) => session.brandPermissions.find((b) => Number(b.BrandId) === id)?.BrandName ?? '—';
  return (
    <section className="card" aria-labelledby="w-account">
      <h2 id="w-account" className="card__title">
        Your account <span className="badge">{session.brandPermissions.length} brands</span>
      </h2>
      {session.brandPermissions.length ? (
        <ul className="chip-list" aria-label="Your brands">
          {session.brandPermissions.map((b) => (
            <li key={b.BrandId} className="chip">
              {b.BrandName}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No brands are assigned to you yet.</p>
      )}
      <dl className="kv">
        <dt>Default brand</dt>
        <dd>{brandName(session.defaultBrandId)}</dd>
        <dt>Account</dt>
        <dd>{session.isFactoryUser ? 'Factory user' : 'Brand staff'}</dd>
        <dt>Session ends</dt>
        <dd data-volatile>{formatDateTime(session.validUntil)}</dd>
      </dl>
      <div className="card__links">
        <Link to="/UserProfile">Profile</Link>
        <Link to="/changePassword">Change Password</Link>
        {canMigrate && <Link to="/migrations">Migrations</Link>}
      </div>
    </section>
  );
}

/** Error boundary of the route tree: a failed screen load (e.g. after a deployment) or a render error. */
import { Link, useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
  return (
    <div className="center-page">
      <div className="card card--narrow">
        <h1 className="page-title">{chunkFailed ? 'A new version is available' : 'Something went wrong'}</h1>
        <p className="muted">
          {chunkFailed ? 'This page could not be loaded because the application was updated. Reload to continue.' : 'Please contact your System Administrator.'}
        </p>
        <div className="form__actions">
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <Link className="btn" to="/home">
            Go to Home
          </Link>
        </div>
      </div>
    </div>
  );
}

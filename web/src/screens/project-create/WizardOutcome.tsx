/**
 * The wizard's outcome under the grid after a save: the rows it could not create, with the reason, and
 * the records it created, as links to them.
 */
import { Link } from 'react-router-dom';
import { depth, LEVEL_LABEL, type WizardRow } from './wizard-rows';

const RECORD_PATH = { brief: '/brief/', pattern: '/pattern/', colorway: '/colorway/' } as const;

export function WizardOutcome({ failed, created }: { failed: readonly WizardRow[]; created: readonly WizardRow[] }) {
  return (
    <>
      {failed.length > 0 && (
        <section className="card wizard__created" aria-labelledby="wizard-failed-h">
          <h2 id="wizard-failed-h" className="card__title">
            Messages
          </h2>
          <ul>
            {failed.map((r) => (
              <li key={r.key} data-depth={depth(r.level)}>
                {LEVEL_LABEL[r.level]} {r.name}: <span className="form-error">{r.error}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {created.length > 0 && (
        <section className="card wizard__created" aria-labelledby="wizard-created-h">
          <h2 id="wizard-created-h" className="card__title">
            Created
          </h2>
          <ul>
            {created.map((r) => (
              <li key={r.key} data-depth={depth(r.level)}>
                {LEVEL_LABEL[r.level]} <Link to={`${RECORD_PATH[r.level]}${r.id}`}>{r.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Applied migrations of /migrations, in the order they apply. */
import type { CompletedMigration } from '../../api/migrations';
import { formatDateTime } from '../../format/date';

export function CompletedTable({ completed }: { completed: CompletedMigration[] }) {
  const rows = [...completed].sort((a, b) => a.Id - b.Id);
  return (
    <section className="card card--flush" aria-labelledby="completed-title">
      <h2 id="completed-title" className="card__title card__title--padded">
        Completed <span className="badge">{completed.length}</span>
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col" className="num">
                Id
              </th>
              <th scope="col">Name</th>
              <th scope="col">Applied on</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.Id}>
                <td className="num">{m.Id}</td>
                <td className="mono">{m.Name}</td>
                <td>{formatDateTime(m.AppliedOn)}</td>
              </tr>
            ))}
            {!rows.length && (
              <tr>
                <td colSpan={3} className="muted">
                  No migrations have been applied.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

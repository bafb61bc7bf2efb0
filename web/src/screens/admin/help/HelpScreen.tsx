/** /help (SHELL-024): how the workbench is used, its shortcuts, and where to go next. */
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../shell/PageHeader';
import '../common/admin.css';

const SHORTCUTS: [string, string][] = [
  ['Ctrl+Shift+F', 'Find a column in the grid you are in.'],
  ['Ctrl+Shift+E', 'Open the error log (administrators).'],
  ['Ctrl+C / Ctrl+V', 'Copy and paste cells between a grid and Excel.'],
  ['Enter / Esc', 'Edit a grid cell / cancel the edit.'],
];

export function HelpScreen() {
  return (
    <>
      <PageHeader
        title="Help"
        subtitle="Working with the workbench."
        actions={
          <>
            <Link className="btn btn--small" to="/sitemap">
              Site map
            </Link>
            <Link className="btn btn--small" to="/patchNotes">
              Patch notes
            </Link>
          </>
        }
      />
      <div className="admin-editor">
        <section className="card doc" style={{ padding: 16 }}>
          <h2>Getting around</h2>
          <p>
            The navigation bar shows the areas your role allows. Every list is a grid: sort by a column header, choose columns with the column chooser, export
            every record with Export.
          </p>
          <h2>Your settings</h2>
          <p>
            Your <Link to="/UserProfile">profile</Link> holds your default brand, season and division (used by searches), your workflow notifications, and the
            layout of the record screens.
          </p>
          <h2>Getting help</h2>
          <p>When something fails, the message names what went wrong. Administrators can find every server error in the error log and send you a link to it.</p>
        </section>
        <section className="card" style={{ padding: 16 }}>
          <h2 className="card__title">Keyboard shortcuts</h2>
          <table className="table table--dense">
            <tbody>
              {SHORTCUTS.map(([k, t]) => (
                <tr key={k}>
                  <td className="mono">{k}</td>
                  <td>{t}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </>
  );
}

/** Why a file was refused (issue 13): the message, then each error by row and column. */
import type { FileError } from './upload-api';

export function FileProblem({ message, errors }: { message: string; errors: readonly FileError[] }) {
  return (
    <div className="alert alert--error" role="alert">
      <p><strong>{message}</strong></p>
      {errors.length > 0 && (
        <ul className="upload-errors" aria-label="Errors">
          {errors.map((e, i) => <li key={i}>{[e.Row ? `Row ${e.Row}` : '', e.Column ?? ''].filter(Boolean).join(', ')}{e.Row || e.Column ? ': ' : ''}{e.Message}</li>)}
        </ul>
      )}
    </div>
  );
}

/** Why a file was refused (issue 13): the message, then each error by row and column. */
import { fileErrorLines } from './diff-cells';
import type { FileError } from './upload-api';

export function FileProblem({ message, errors }: { message: string; errors: readonly FileError[] }) {
  const lines = fileErrorLines(message, errors);
  return (
    <div className="alert alert--error" role="alert">
      <p>
        <strong>{message}</strong>
      </p>
      {lines.length > 0 && (
        <ul className="upload-errors" aria-label="Errors">
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one refusal, shown as they are (two may read the same)
            <li key={i}>{l}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

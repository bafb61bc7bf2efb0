/**
 * The alerts of a critical path edit screen under its page header: a refused save (with the refusals
 * the screen lists, field → message) and a grid's passing notice.
 */
export function SaveAlerts({ problem, listed, notice }: { problem: string | null; listed?: Record<string, string>; notice: string | null }) {
  return (
    <>
      {problem && (
        <div className="alert alert--error" role="alert">
          <strong>{problem}</strong>
          {listed && Object.keys(listed).length > 0 && (
            <ul>
              {Object.entries(listed).map(([f, m]) => (
                <li key={f}>{m}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {notice && (
        <div className="alert alert--warning" role="status">
          {notice}
        </div>
      )}
    </>
  );
}

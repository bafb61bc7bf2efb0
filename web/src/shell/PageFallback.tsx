/** Shown while the first screen's code loads. */
export function PageFallback() {
  return (
    <div className="page-fallback" role="status">
      <span className="spinner spinner--lg" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

/** Pending migrations of /migrations. */
export function PendingList({ pending }: { pending: string[] }) {
  return (
    <section className="card" aria-labelledby="pending-title">
      <h2 id="pending-title" className="card__title">
        Pending <span className="badge">{pending.length}</span>
      </h2>
      {pending.length ? (
        <ul className="mono-list">
          {pending.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">The database is up to date.</p>
      )}
    </section>
  );
}

/** General (not field-bound) messages of a form. */
export function FormAlert({ messages, kind = 'error' }: { messages: readonly string[]; kind?: 'error' | 'info' | 'success' }) {
  if (!messages.length) return null;
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <ul>
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

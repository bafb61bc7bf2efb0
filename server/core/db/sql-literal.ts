/**
 * A parameter as an SQL literal for EXECUTE on PGlite (its query call prepares an unnamed
 * statement each time, so a named one is reached through PREPARE/EXECUTE). Quoted, the literal is
 * of unknown type and takes the type PREPARE inferred for the parameter.
 */
export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  const quote = (s: string) => {
    if (s.includes('\0')) throw new Error('Text must not contain NUL characters.');
    return `'${s.replace(/'/g, "''")}'`;
  };
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`Not a finite number: ${v}`);
    return quote(String(v));
  }
  if (typeof v === 'bigint' || typeof v === 'boolean') return quote(String(v));
  if (typeof v === 'string') return quote(v);
  if (v instanceof Date) return quote(v.toISOString());
  if (Array.isArray(v)) {
    const element = (e: unknown) => (e === null || e === undefined ? 'NULL' : `"${String(e).replace(/[\\"]/g, '\\$&')}"`);
    return quote(`{${v.map(element).join(',')}}`);
  }
  return quote(JSON.stringify(v));
}

/** The row counts of an upload, its preview's or its job's: each number over its label, coloured by what it means (upload.css). */
import type { CSSProperties } from 'react';

export interface UploadCount {
  label: string;
  value: number | undefined;
  tone?: 'changed' | 'good' | 'bad';
}

export function UploadCounts({ label, counts, style }: { label: string; counts: UploadCount[]; style?: CSSProperties }) {
  return (
    <ul className="upload-counts" aria-label={label} style={style}>
      {counts.map((c) => (
        <li key={c.label} className={c.tone ? `is-${c.tone}` : undefined}>
          <strong>{(c.value ?? 0).toLocaleString('en-US')}</strong>
          <span>{c.label}</span>
        </li>
      ))}
    </ul>
  );
}

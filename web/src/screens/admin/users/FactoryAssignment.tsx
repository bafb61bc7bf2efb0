/**
 * Factory assignment of a factory user (ADMIN-008/013): type a key and press Add; the text is
 * checked against the factory list: nothing found gives the ADMIN-013 message, one exact key is
 * added, several open the factory lookup dialog (LookupDialog 'Factories') filtered by the text where it can.
 */
import { useState } from 'react';
import { LookupDialog } from '../../../components/lookup/LookupDialog';
import { lookupFiltersFor, matchFactory, type FactoryRow } from './factory-match';

interface Props {
  factories: readonly FactoryRow[];
  assigned: readonly string[];
  onChange: (keys: string[]) => void;
  error?: string;
}

export function FactoryAssignment({ factories, assigned, onChange, error }: Props) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  const [lookup, setLookup] = useState<Record<string, string> | null>(null);
  const add = (key: string) => {
    if (!assigned.includes(key)) onChange([...assigned, key].sort());
    setText('');
    setMessage('');
  };
  const check = () => {
    const m = matchFactory(factories, text);
    if (m.kind === 'none') setMessage(m.message);
    else if (m.kind === 'exact') add(m.factory.FactNameKy);
    // Several candidates: the dialog opens filtered by the typed text where the lookup can (names).
    else setLookup(lookupFiltersFor(m.candidates, text));
  };
  const name = (key: string) => factories.find((f) => f.FactNameKy === key)?.FactoryName ?? '';
  return (
    <div className={`field${error || message ? ' field--invalid' : ''}`}>
      <label htmlFor="factory-key">Factory key</label>
      <div className="form__row" style={{ gap: 8 }}>
        <input
          id="factory-key"
          value={text}
          placeholder="Key or name"
          style={{ flex: 1 }}
          onChange={(e) => {
            setText(e.target.value);
            setMessage('');
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              check();
            }
          }}
        />
        <button type="button" className="btn btn--small" style={{ height: 34 }} onClick={check}>
          Add factory
        </button>
        <button type="button" className="btn btn--small" style={{ height: 34 }} onClick={() => setLookup({})}>
          Search…
        </button>
      </div>
      {(message || error) && (
        <div className="field__error" role="alert">
          {message || error}
        </div>
      )}
      <table className="table table--dense" aria-label="Assigned factories">
        <thead>
          <tr>
            <th>Key</th>
            <th>Factory</th>
            <th className="num" />
          </tr>
        </thead>
        <tbody>
          {assigned.map((k) => (
            <tr key={k}>
              <td className="mono">{k}</td>
              <td>{name(k)}</td>
              <td className="num">
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  aria-label={`Remove ${k}`}
                  onClick={() => onChange(assigned.filter((x) => x !== k))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
          {!assigned.length && (
            <tr>
              <td colSpan={3} className="muted">
                No factories assigned.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {lookup !== null && (
        <LookupDialog
          lookup="Factories"
          initialFilters={lookup}
          onClose={() => setLookup(null)}
          onPick={(row) => {
            add(String(row.FactoryKey));
            setLookup(null);
          }}
        />
      )}
    </div>
  );
}

/**
 * The HTS lookup (FLASH-031/032/035): the duty table's codes for the row's country of origin and
 * the region's destination (hts-regions.ts), filtered by the code typed; picking one hands its
 * code back (the screen writes it into the cell, so it saves as an edit). A row without origin
 * says 'No valid country of origin found.'.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { Modal } from '../../shell/Modal';
import { NO_ORIGIN_MESSAGE, type HtsRegion } from './hts-regions';

export interface DutyRow {
  HTSKey: string | number;
  HTSStawn: string;
  CountryOrigin: string;
  CountryDestination: string;
  Duty: number | string | null;
}

interface Props {
  region: HtsRegion;
  /** The row's country of origin (null: none). */
  origin: string | null;
  /** What the row shows: stock number and name. */
  rowLabel: string;
  initialCode?: string;
  onPick: (row: DutyRow) => void;
  onClose: () => void;
}

const DEBOUNCE_MS = 250;

export function HtsLookupDialog({ region, origin, rowLabel, initialCode, onPick, onClose }: Props) {
  const [code, setCode] = useState(initialCode ?? '');
  const [typed, setTyped] = useState(code);
  useEffect(() => {
    const t = setTimeout(() => setTyped(code.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [code]);
  const { data, error, isLoading } = useSWR<DutyRow[]>(
    origin ? ['hts-duty', origin, region.destination, typed] : null,
    () =>
      apiFetch<DutyRow[]>('/api/hts/DutySearch', {
        json: { ...(typed ? { HTSStawn: typed } : {}), CountryOrigin: origin, CountryDestination: region.destination },
      }),
    { keepPreviousData: true, shouldRetryOnError: false },
  );
  const rows = data ?? [];
  return (
    <Modal
      title={`HTS lookup · ${region.view}`}
      onCancel={onClose}
      className="modal--wide hts-lookup"
      actions={
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
      }
    >
      <p className="muted hts-lookup__row">
        {rowLabel}
        {origin ? ` · from ${origin} to ${region.destination}` : ''}
      </p>
      {!origin ? (
        <div className="alert alert--error" role="alert">
          {NO_ORIGIN_MESSAGE}
        </div>
      ) : (
        <>
          <div className="field hts-lookup__filter">
            <label htmlFor="hts-lookup-code">HTS code</label>
            <input
              id="hts-lookup-code"
              autoComplete="off"
              data-autofocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && rows.length === 1) {
                  e.preventDefault();
                  onPick(rows[0]);
                }
              }}
            />
          </div>
          {error ? (
            <div className="alert alert--error" role="alert">
              The HTS codes could not be loaded.
            </div>
          ) : (
            <div className="table-scroll hts-lookup__results">
              <table className="table table--dense" aria-label="HTS codes">
                <thead>
                  <tr>
                    <th>HTS code</th>
                    <th className="num">Duty</th>
                    <th>Origin</th>
                    <th>Destination</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={String(r.HTSKey)} onDoubleClick={() => onPick(r)}>
                      <td>
                        <button type="button" className="linklike" onClick={() => onPick(r)}>
                          {r.HTSStawn}
                        </button>
                      </td>
                      <td className="num">{r.Duty === null || r.Duty === undefined ? '' : String(r.Duty)}</td>
                      <td>{r.CountryOrigin}</td>
                      <td>{r.CountryDestination}</td>
                    </tr>
                  ))}
                  {!rows.length && (
                    <tr>
                      <td colSpan={4} className="muted">
                        {isLoading ? 'Searching…' : 'No HTS code found.'}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

/**
 * The list of /transferChecklist (TC-001): the checklists the user may see, a page at a time from
 * GetTransferChecklists (searched by stock number, colorway or factory), on the shared grid core: an
 * OwnedGrid of the `transfer-checklists` grid document (read only; ADR 029), so columns, titles and
 * kinds are the entity's, the factories are shown by key and name, and a factory user's schema leaves
 * out the from-factory and tariff-mitigation columns (TC-008). Progress is the view's field (complete
 * of enabled items). Enter or a double-click on a row, or Open, opens its checklist.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import type { Paged } from '@domain/paged';
import { errorText } from '../../api/error-text';
import type { CellDecoration } from '../../components/data-grid/hot-cells';
import { OwnedGrid } from '../../components/data-grid/OwnedGrid';
import { Pager } from '../../components/data-grid/Pager';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import type { Checklist } from './checklist-state';
import './transfer-checklist.css';

interface Row extends Omit<Checklist, 'Items'> {
  EnabledCount: number;
  CompleteCount: number;
  Progress: string;
}

const LOAD_ERROR = 'The transfer checklists could not be loaded.';
/** Shown in the Stock Number cell of a colorway that has none yet. */
const NO_STOCK_NUMBER = '(no stock number)';

const decorate = (r: Row, field: string): CellDecoration | undefined =>
  field === 'StockNumber' && !r.StockNumber ? { text: NO_STOCK_NUMBER, className: 'muted' } : field === 'Progress' ? { className: 'htRight' } : undefined;

export function ChecklistList() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(50);
  const [selected, setSelected] = useState<Row | null>(null);
  const { data, error } = useSWR<Paged<Row>>(
    `/api/TransferChecklist/GetTransferChecklists?searchText=${encodeURIComponent(search)}&pageNumber=${pageNumber}&pageSize=${pageSize}`,
  );
  const open = (r: Row) => void navigate(`/transferChecklist/${r.TransferChecklistId}`);
  // Another page or search shows other rows: the row chosen before is not among them.
  const turn = (page: number, size = pageSize, find = search) => {
    setSelected(null);
    setPageNumber(page);
    setPageSize(size);
    setSearch(find);
  };
  const rows = data?.Results ?? [];
  return (
    <>
      <PageHeader title="Transfer Checklists" subtitle="Open a colorway's factory transfer checklist; a factory transfer on the colorway screen creates one." />
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          turn(1, pageSize, text.trim());
        }}
      >
        <input
          className="input tc-search"
          type="search"
          aria-label="Search transfer checklists"
          placeholder="Stock number, colorway or factory"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      {error && <FormAlert messages={[errorText(error, LOAD_ERROR)]} />}
      {!data && !error && <span className="spinner" role="status" aria-label="Loading" />}
      {data && (
        <section className="card" aria-label="Checklists">
          {rows.length ? (
            <OwnedGrid<Row>
              gridId="transfer-checklists"
              rows={rows}
              rowKey={(r) => r.TransferChecklistId}
              decorate={decorate}
              onSelect={setSelected}
              onOpen={open}
              height={Math.min(Math.max(rows.length, 2) * 30 + 44, 620)}
              testId="transfer-checklists"
              label="Transfer Checklists"
              toolbar={
                <button type="button" className="btn btn--small" disabled={!selected} onClick={() => selected && open(selected)}>
                  Open
                </button>
              }
            />
          ) : (
            <p className="muted">No transfer checklists found.</p>
          )}
          {data.TotalRecords > 0 && (
            <div className="tc-pager">
              <Pager
                page={data.CurrentPageNumber}
                pageSize={pageSize}
                totalPages={data.TotalPageCount}
                totalRecords={data.TotalRecords}
                onPage={(p) => turn(p)}
                onPageSize={(s) => turn(1, s)}
              />
            </div>
          )}
        </section>
      )}
    </>
  );
}

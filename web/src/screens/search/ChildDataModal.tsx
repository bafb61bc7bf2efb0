/** The child-data modal of an Alt-clicked search row (SEARCH-004/005): a page of its children, each a link to its screen. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { Pager } from '../../components/data-grid/Pager';
import { Modal } from '../../shell/Modal';
import type { ChildList } from './child-data';

interface Page {
  Results: Record<string, unknown>[];
  TotalPageCount: number;
  TotalRecords: number;
}

export function ChildDataModal({ list, parentId, parentName, onClose }: { list: ChildList; parentId: number; parentName: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(15);
  const { data, error, isLoading } = useSWR(
    ['child-data', list.path, parentId, page, pageSize],
    () => apiFetch<Page>(list.path, { query: { [list.parentKey]: parentId, pageNumber: page, pageSize } }),
    { keepPreviousData: true },
  );
  const shown = list.columns.filter((c) => data?.Results.some((r) => c.field in r) ?? true);
  return (
    <Modal title={`${list.title}: ${parentName}`} onCancel={onClose} className="child-data-modal">
      {error ? (
        <div className="alert alert--error" role="alert">
          The records could not be loaded.
        </div>
      ) : isLoading && !data ? (
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      ) : !data?.TotalRecords ? (
        <p className="muted">No records.</p>
      ) : (
        <>
          <div className="child-data__scroll">
            <table className="child-data__table">
              <thead>
                <tr>
                  {shown.map((c) => (
                    <th key={c.field}>{c.title}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.Results.map((r) => (
                  <tr key={String(r[list.childKey])}>
                    {shown.map((c, i) => (
                      <td key={c.field}>
                        {i === 0 ? (
                          <Link to={list.childPath(Number(r[list.childKey]))} onClick={onClose}>
                            {String(r[c.field] ?? '')}
                          </Link>
                        ) : (
                          String(r[c.field] ?? '')
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={pageSize}
            totalPages={data.TotalPageCount}
            totalRecords={data.TotalRecords}
            onPage={setPage}
            onPageSize={(s) => {
              setPageSize(s);
              setPage(1);
            }}
          />
        </>
      )}
    </Modal>
  );
}

/**
 * /grid/:gridId: any grid document in a DataGrid (search and library grids). The grid's read
 * permission is checked by DataGrid; a 403 from the server leads to /permissionDenied. A
 * flash-edit grid (/grid/costing, /grid/forecast, /grid/hts…) goes to its flash-edit screen. The
 * grids a menu lists have paths of their own (/grid/brief-search, `gridRoute` in manifest.tsx),
 * guarded by their rule: there the id is the address's last part.
 */
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { DataGrid } from '../../components/data-grid/DataGrid';
import { useGridDocument } from '../../components/fields/schema-docs';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';
import { flashScreenOf } from '../flash-edit/flash-screens';
import { NotFoundState } from '../system/NotFoundState';

export function GridScreen() {
  const { gridId: param } = useParams();
  const { pathname } = useLocation();
  const gridId = param ?? decodeURIComponent(pathname.split('/')[2] ?? '');
  const flash = flashScreenOf(gridId);
  return flash ? <Navigate to={`/${flash.path}`} replace /> : <GridOf gridId={gridId} />;
}

function GridOf({ gridId }: { gridId: string }) {
  const { data: grid, error } = useGridDocument(gridId);
  usePageTitle(grid?.title);
  // Issue 27: a grid id that names no grid document is the shared not-found state, the address kept.
  if (error && (error as { status?: number }).status === 404) return <NotFoundState what="Grid" />;
  const search = gridId.endsWith('-search');
  return (
    <>
      <PageHeader title={grid?.title ?? 'Grid'} />
      <DataGrid
        key={gridId}
        gridId={gridId}
        search={search}
        recordLink={grid?.entity === 'colorway' ? (r) => `/record/colorway/${r.PrototypeSeasonalId}` : undefined}
      />
    </>
  );
}

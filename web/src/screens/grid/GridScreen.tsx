/**
 * /grid/:gridId: any grid document in a DataGrid (the demo of the shared grid). The grid's read
 * permission is checked by DataGrid; a 403 from the server leads to /permissionDenied.
 */
import { useParams } from 'react-router-dom';
import { DataGrid } from '../../components/data-grid/DataGrid';
import { useGridDocument } from '../../components/fields/schema-docs';
import { PageHeader } from '../../shell/PageHeader';
import { usePageTitle } from '../../shell/page-title-store';

export function GridScreen() {
  const { gridId = '' } = useParams();
  const { data: grid } = useGridDocument(gridId);
  usePageTitle(grid?.title);
  const search = gridId.endsWith('-search');
  return (
    <>
      <PageHeader title={grid?.title ?? 'Grid'} />
      <DataGrid key={gridId} gridId={gridId} search={search}
        recordLink={grid?.entity === 'colorway' ? (r) => `/record/colorway/${r.PrototypeSeasonalId}` : undefined} />
    </>
  );
}

/** /colorway/:id: one colorway in the shared RecordEditor. */
import { Navigate, useParams } from 'react-router-dom';
import { levelOf } from '../../components/record/hierarchy';
import { RecordEditor } from '../../components/record/RecordEditor';

export function ColorwayScreen() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <Navigate to="/errorPage" replace />;
  return <RecordEditor key={id} level={levelOf('colorway')!} id={Number(id)} />;
}

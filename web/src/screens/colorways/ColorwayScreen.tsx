/** /colorway/:id: one colorway in the shared RecordEditor, with its header actions (CW-010). */
import { Navigate, useParams } from 'react-router-dom';
import { levelOf } from '../../components/record/hierarchy';
import { RecordEditor } from '../../components/record/RecordEditor';
import { ColorwayActions } from './ColorwayActions';

export function ColorwayScreen() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <Navigate to="/errorPage" replace />;
  return <RecordEditor key={id} level={levelOf('colorway')!} id={Number(id)}
    actions={(record, reload) => <ColorwayActions record={record} reload={reload} />} />;
}

/** /prototypeEdit/:id redirects to /colorway/:id (CW-001). */
export function ColorwayEditRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={/^\d+$/.test(id) ? `/colorway/${id}` : '/errorPage'} replace />;
}

/**
 * /record/:entity/:id: any hierarchy record in the shared RecordEditor (the
 * entity's schema, layout and the user's field layout; fields hidden from the user are absent
 * because the server filters the schema, the layout and the record).
 */
import { Navigate, useParams } from 'react-router-dom';
import { levelOf } from '../../components/record/hierarchy';
import { RecordEditor } from '../../components/record/RecordEditor';

export function RecordScreen({ entity: fixed }: { entity?: string }) {
  const { entity = fixed ?? '', id = '' } = useParams();
  const level = levelOf(fixed ?? entity);
  if (!level || !/^\d+$/.test(id)) return <Navigate to="/errorPage" replace />;
  return <RecordEditor key={`${level.entity}:${id}`} level={level} id={Number(id)} />;
}

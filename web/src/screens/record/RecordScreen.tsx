/**
 * /record/:entity/:id: any hierarchy record in the shared RecordEditor (the
 * entity's schema, layout and the user's field layout; fields hidden from the user are absent
 * because the server filters the schema, the layout and the record). An id that is none, or an
 * entity that is no hierarchy level, shows the shared not-found state (issue 27).
 */
import { useParams } from 'react-router-dom';
import { levelOf } from '../../components/record/hierarchy';
import { RecordEditor } from '../../components/record/RecordEditor';
import { RecordNotFound } from '../../components/record/RecordNotFound';
import { NotFoundState } from '../system/NotFoundState';

export function RecordScreen({ entity: fixed }: { entity?: string }) {
  const { entity = fixed ?? '', id = '' } = useParams();
  const level = levelOf(fixed ?? entity);
  if (!level) return <NotFoundState what="Record" />;
  if (!/^\d+$/.test(id)) return <RecordNotFound level={level} />;
  return <RecordEditor key={`${level.entity}:${id}`} level={level} id={Number(id)} />;
}

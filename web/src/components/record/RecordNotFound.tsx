/**
 * A hierarchy record screen whose record does not exist or whose address holds no id (issue 11,
 * issue 27; the server answers 404 'The record was not found.'): the shared not-found state, with
 * the way back to the level's list instead of the generic error page.
 */
import { useSiteInfo } from '../../shell/site-context';
import { NotFoundState } from '../../screens/system/NotFoundState';
import type { HierarchyLevel } from './hierarchy';

/** 'The Line Plan was not found.' (the text LP-005 alerted before). */
export const notFoundText = (h: HierarchyLevel) => `The ${h.title} was not found.`;

/** `text`: the screen's own sentence (PAT-025 'Pattern Invalid: …'). */
export function RecordNotFound({ level, text }: { level: HierarchyLevel; text?: string }) {
  const list = useSiteInfo().lists[level.entity];
  return <NotFoundState what={level.title} text={text ?? notFoundText(level)} back={list ? { to: list.to, label: `Go to ${list.label}` } : undefined} />;
}

/**
 * Routes of the Pattern screens (PAT-001, DECISIONS PAT-002): create, from a brief, copy, the
 * record screen, its old edit path (redirects) and the list.
 */
import { Navigate, useParams, type RouteObject } from 'react-router-dom';
import { underRecord } from '../../shell/crumbs';
import { listOf } from '../../shell/list-crumbs';

const crumb = (text: string, list = true) => ({ crumb: text, parent: list ? listOf('pattern') : undefined });
const createScreen = async () => ({ Component: (await import('./PatternCreateScreen')).PatternCreateScreen });

function PatternEditRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/pattern/${id}`} replace />;
}

export const patternRoutes: RouteObject[] = [
  { path: 'pattern/:id', handle: crumb('Pattern'), lazy: async () => ({ Component: (await import('./PatternScreen')).PatternScreen }) },
  { path: 'patternEdit/:id', Component: PatternEditRedirect },
  { path: 'patternCreate', handle: crumb('Create Pattern'), lazy: createScreen },
  { path: 'patternFromBrief/:briefSeasonalId', handle: { crumb: 'Create Pattern', record: underRecord('brief', 'briefSeasonalId') }, lazy: createScreen },
  { path: 'patternCopy/:parentPatternSeasonalId', handle: { crumb: 'Copy Pattern', record: underRecord('pattern', 'parentPatternSeasonalId') }, lazy: createScreen },
  { path: 'patternList', handle: crumb('Patterns', false), lazy: async () => ({ Component: (await import('./PatternListScreen')).PatternListScreen }) },
];

/**
 * Routes of the Pattern screens (PAT-001, DECISIONS PAT-002): create, from a brief, copy, the
 * record screen, its old edit path (redirects) and the list (in the menu with module 4 read).
 */
import { Navigate, useParams } from 'react-router-dom';
import { permission } from '@domain/access';
import { underRecord } from '../../shell/crumbs';
import { listOf, type FeatureManifest } from '../../shell/manifest';

const crumb = (text: string, list = true) => ({ crumb: text, parent: list ? listOf('pattern') : undefined });
const READ = permission('pattern', 'read');
const CREATE = permission('pattern', 'create');
const createScreen = async () => ({ Component: (await import('./PatternCreateScreen')).PatternCreateScreen });

function PatternEditRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/pattern/${id}`} replace />;
}

export const patternManifest: FeatureManifest = {
  routes: [
    { path: 'pattern/:id', access: READ, handle: crumb('Pattern'), lazy: async () => ({ Component: (await import('./PatternScreen')).PatternScreen }) },
    { path: 'patternEdit/:id', access: READ, Component: PatternEditRedirect },
    { path: 'patternCreate', access: CREATE, handle: crumb('Create Pattern'), lazy: createScreen },
    {
      path: 'patternFromBrief/:briefSeasonalId',
      access: CREATE,
      handle: { crumb: 'Create Pattern', record: underRecord('brief', 'briefSeasonalId') },
      lazy: createScreen,
    },
    {
      path: 'patternCopy/:parentPatternSeasonalId',
      access: CREATE,
      handle: { crumb: 'Copy Pattern', record: underRecord('pattern', 'parentPatternSeasonalId') },
      lazy: createScreen,
    },
    {
      path: 'patternList',
      access: READ,
      nav: { group: 'Products', label: 'Patterns', listOf: 'pattern' },
      handle: crumb('Patterns', false),
      lazy: async () => ({ Component: (await import('./PatternListScreen')).PatternListScreen }),
    },
  ],
};

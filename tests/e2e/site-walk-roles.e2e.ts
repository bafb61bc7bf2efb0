/** Issue 27: the designer's, the viewer's and the factory user's walk of every route of the site map (site-walk.ts says what it checks). */
import { describe } from 'vitest';
import { setupApp } from './setup-app';
import { walkRoles } from './site-walk';

const app = setupApp();

describe('issue 27: every route of the site map, per role, opens, passes axe and fits 1280 and 1400 px', () => {
  walkRoles(app, ['designer', 'viewer', 'factory']);
});

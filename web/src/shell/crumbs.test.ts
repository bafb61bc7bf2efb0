import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { crumbSteps, documentTitle, parentRecordOf, type CrumbHandle } from './crumbs';
import { routes } from './routes';

/** The matches of a path in the app's route table, as useMatches gives them. */
const matchesOf = (path: string) =>
  (matchRoutes(routes, path) ?? []).map((m) => ({ pathname: m.pathname, params: m.params, handle: m.route.handle as CrumbHandle | undefined }));
const steps = (path: string, name: string | null = null, recordName: string | null = null) => crumbSteps(matchesOf(path), name, recordName);

describe('breadcrumb steps (SHELL-002, issue 11)', () => {
  it('SHELL-002 a record screen: Home, its list, then the record by name', () => {
    expect(steps('/linePlan/1', 'Summit Ridge')).toEqual([
      { to: '/home', label: 'Home' },
      { to: '/linePlanList', label: 'Line plans' },
      { to: '/linePlan/1', label: 'Summit Ridge' },
    ]);
    expect(steps('/linePlan/1').at(-1)).toEqual({ to: '/linePlan/1', label: 'Line plan' });
  });

  it('SHELL-002 the gantt sits under its line plan: list, line plan by name (a link to it), Gantt; the title names all three', () => {
    const crumbs = steps('/linePlan/1/gantt', null, 'Summit Ridge SS26 Trail & Hike');
    expect(crumbs).toEqual([
      { to: '/home', label: 'Home' },
      { to: '/linePlanList', label: 'Line plans' },
      { to: '/linePlan/1', label: 'Summit Ridge SS26 Trail & Hike' },
      { to: '/linePlan/1/gantt', label: 'Gantt' },
    ]);
    expect(documentTitle(crumbs)).toBe('Gantt · Summit Ridge SS26 Trail & Hike · Line plans · PLM Workbench');
    // Until the name is there the record's step says which level it is.
    expect(steps('/linePlan/1/gantt')[2]).toEqual({ to: '/linePlan/1', label: 'Line Plan' });
  });

  it('SHELL-002 BRIEF-001 PAT-001 CW-001 create-from-parent and copy screens sit under the record they start from', () => {
    const under = (path: string) =>
      steps(path, null, 'Parent')
        .slice(1)
        .map((c) => `${c.label} ${c.to}`);
    expect(under('/briefFromLinePlan/1')).toEqual(['Line plans /linePlanList', 'Parent /linePlan/1', 'Create Brief /briefFromLinePlan/1']);
    expect(under('/briefCopy/2')).toEqual(['Briefs /grid/brief-search', 'Parent /brief/2', 'Copy Brief /briefCopy/2']);
    expect(under('/patternFromBrief/3')).toEqual(['Briefs /grid/brief-search', 'Parent /brief/3', 'Create Pattern /patternFromBrief/3']);
    expect(under('/patternCopy/4')).toEqual(['Patterns /patternList', 'Parent /pattern/4', 'Copy Pattern /patternCopy/4']);
    expect(under('/prototypeFromPattern/5')).toEqual(['Patterns /patternList', 'Parent /pattern/5', 'Create Colorway /prototypeFromPattern/5']);
    expect(under('/prototypeCopy/6')).toEqual(['Colorways /grid/colorway-search', 'Parent /colorway/6', 'Copy Colorway /prototypeCopy/6']);
    // A plain create has no record: its list only.
    expect(under('/briefCreate')).toEqual(['Briefs /grid/brief-search', 'Create Brief /briefCreate']);
  });

  it('SHELL-002 the record is read only for a positive whole-number id; otherwise the list alone', () => {
    expect(parentRecordOf(matchesOf('/briefFromLinePlan/7'))).toMatchObject({ id: 7, level: { entity: 'line-plan' } });
    expect(parentRecordOf(matchesOf('/briefFromLinePlan/x1'))).toBeNull();
    expect(parentRecordOf(matchesOf('/briefFromLinePlan/0'))).toBeNull();
    expect(parentRecordOf(matchesOf('/linePlan/7'))).toBeNull();
    expect(steps('/briefFromLinePlan/x1', null, 'Parent').map((c) => c.label)).toEqual(['Home', 'Line plans', 'Create Brief']);
  });
});

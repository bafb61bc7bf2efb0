/**
 * The main navigation as groups of links (issue 11): each link shows only to users holding one of
 * its permissions, and a group with no such link is not shown. The bar renders the groups as
 * dropdown menus, the mobile drawer (below 1050 px) as headed lists.
 */
import type { PermissionPair as Pair } from '../screens/admin/common/RequireAnyPermission';
import { ERROR_LOG_PERMISSIONS, LIBRARY_VIEW } from '../screens/admin/common/screen-permissions';
import { FLASH_SCREENS } from '../screens/flash-edit/flash-screens';
import { CRITICAL_PATH_READ } from '../screens/critical-paths/cp-permissions';
import { BUY_READY_OVERRIDE, BUY_READY_VIEW } from '../screens/buy-ready/buy-ready-permissions';
import { CARRYOVER } from '../screens/carryover/carryover-permissions';
import { CALCULATOR_USE } from '../screens/calculators/calculator-permissions';

export interface NavItem {
  to: string;
  label: string;
  /** Any one of these opens the item; none: every signed-in user. */
  anyOf?: readonly Pair[];
}

export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

/** Home is a plain link; everything else is in a group. */
export const HOME_ITEM: NavItem = { to: '/home', label: 'Home' };

export const NAV_GROUPS: readonly NavGroup[] = [
  { label: 'Products', items: [
    { to: '/linePlanList', label: 'Line plans', anyOf: [['linePlan', 'read']] },
    { to: '/grid/brief-search', label: 'Briefs', anyOf: [['brief', 'read']] },
    { to: '/patternList', label: 'Patterns', anyOf: [['pattern', 'read']] },
    { to: '/grid/colorway-search', label: 'Colorways', anyOf: [['colorway', 'read']] },
    { to: '/Search', label: 'Search', anyOf: [['search', 'read']] },
    { to: '/catalog', label: 'Catalog', anyOf: [['systemMessages', 'read']] },
    { to: '/projectCreate', label: 'Project create', anyOf: [['brief', 'create']] },
  ] },
  { label: 'Edit in bulk', items: [
    ...FLASH_SCREENS.map((s) => ({ to: `/${s.path}`, label: s.navLabel, anyOf: [s.read] })),
    // DECISIONS PERM-026: every signed-in user follows their own upload jobs.
    { to: '/upload-queue', label: 'Upload Queue' },
  ] },
  { label: 'Planning', items: [
    { to: '/grid/line-plan-search', label: 'Line plan grid', anyOf: [['linePlan', 'read']] },
    { to: '/criticalPath', label: 'Critical paths', anyOf: CRITICAL_PATH_READ },
    { to: '/sizeRangePresets', label: 'Size range presets', anyOf: [['colorway', 'read']] },
    // CARRY-001 / PERM-015 (factory users are refused by the server).
    { to: '/carryover', label: 'Carryover', anyOf: CARRYOVER },
    // TC-001 / PERM-007.
    { to: '/transferChecklist', label: 'Transfer checklists', anyOf: [['colorway', 'read']] },
    // PERM-004: module 2 read views the corporate template (edit opens it too; the edit screen needs edit).
    { to: '/linePlanTemplateView', label: 'Corporate template', anyOf: [['corporateTemplate', 'read'], ['corporateTemplate', 'edit']] },
    // QF-001 / PERM-020.
    { to: '/quarterlyForecasting', label: 'Quarterly forecast', anyOf: [['quarterlyForecasting', 'read']] },
  ] },
  { label: 'Reports', items: [
    { to: '/userAccessReport', label: 'User access report', anyOf: [['users', 'read']] },
    // BR-001 / PERM-014, PERM-019 (factory users are refused by the server, BR-002).
    { to: '/buyready', label: 'Buy ready', anyOf: BUY_READY_VIEW },
    { to: '/buyreadyoverride', label: 'Buy ready overrides', anyOf: BUY_READY_OVERRIDE },
    // CALC-001 / PERM-013: the calculators need 10/2.
    { to: '/margin', label: 'Margin calculator', anyOf: CALCULATOR_USE },
    { to: '/fob', label: 'FOB calculator', anyOf: CALCULATOR_USE },
  ] },
  { label: 'Admin', items: [
    { to: '/users', label: 'Users', anyOf: [['users', 'read']] },
    { to: '/roles', label: 'Roles', anyOf: [['roles', 'read']] },
    { to: '/systemMessageList', label: 'System messages', anyOf: [['systemMessages', 'read']] },
    { to: '/libraryEntries', label: 'Library', anyOf: LIBRARY_VIEW },
    { to: '/quarterlyForecastSettings', label: 'Forecast settings', anyOf: [['quarterlyForecastSettings', 'read']] },
    { to: '/errors', label: 'Error log', anyOf: ERROR_LOG_PERMISSIONS },
    { to: '/migrations', label: 'Migrations', anyOf: [['users', 'edit']] },
  ] },
  { label: 'Help', items: [
    { to: '/help', label: 'Help' },
    { to: '/sitemap', label: 'Site map' },
    { to: '/patchNotes', label: 'Patch notes' },
  ] },
];

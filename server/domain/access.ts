/**
 * Who may open what (PERM-004..026, BR-002, CARRY-001, CALC-001, WIZ-003, DECISIONS SHELL-019 and
 * PERM-026): the access rules the server's route guards apply and the browser needs to route, to
 * offer menu entries and to list the site map, written once. Pure: no I/O; the caller says what
 * the user holds (`Grantee`), the server from its SessionUser, the browser from its session.
 *
 * A rule needs any one of `anyOf` (when given), every one of `allOf` (when given), and refuses
 * factory users whatever their role holds when `noFactoryUsers` is set. The server answers the
 * two parts differently (a missing permission is 403 permission_denied, a factory user 403
 * forbidden with the feature's text), hence `holdsPermissions` and `refusesFactoryUser` besides `allows`.
 */
type PermissionsDoc = typeof import('../../schemas/permissions.json');
export type ModuleKey = keyof PermissionsDoc['modules'];
export type ActionKey = keyof PermissionsDoc['actions'];
export type PermissionPair = readonly [ModuleKey, ActionKey];

export interface AccessRule {
  /** Any one of these opens it; not given: no particular permission. */
  anyOf?: readonly PermissionPair[];
  /** Every one of these is needed as well. */
  allOf?: readonly PermissionPair[];
  /** Factory users are refused, whatever their role holds. */
  noFactoryUsers?: boolean;
}

/** What a user holds, as the rules ask it. */
export interface Grantee {
  isFactoryUser: boolean;
  holds: (module: ModuleKey, action: ActionKey) => boolean;
}

/** The rule's permission part: any of `anyOf`, all of `allOf`. */
export const holdsPermissions = (rule: AccessRule, who: Grantee) =>
  (!rule.anyOf || rule.anyOf.some(([m, a]) => who.holds(m, a))) && (rule.allOf ?? []).every(([m, a]) => who.holds(m, a));

/** The rule's factory part: a factory user where the rule refuses them. */
export const refusesFactoryUser = (rule: AccessRule, who: Grantee) => !!rule.noFactoryUsers && who.isFactoryUser;

export const allows = (rule: AccessRule, who: Grantee) => holdsPermissions(rule, who) && !refusesFactoryUser(rule, who);

/** The rule of one permission pair. */
export const permission = (module: ModuleKey, action: ActionKey): AccessRule => ({ anyOf: [[module, action]] });

const CP_MODULES = ['criticalPathDevPattern', 'criticalPathDevPrototype', 'criticalPathCommercialization'] as const;
const cp = (action: ActionKey): PermissionPair[] => CP_MODULES.map((m) => [m, action] as const);

/** PERM-014: any critical-path kind's read opens the search (its tabs are the kinds the user reads). Server: `ANY_READ` of server/features/critical-paths/routes.ts. */
export const CRITICAL_PATH_SEARCH: AccessRule = { anyOf: cp('read') };

/** BR-001/002: the buy-ready report with PERM-014 read (modules 11/12/13) or PERM-019 read (module 18); never a factory user. */
export const BUY_READY_REPORT: AccessRule = { anyOf: [...cp('read'), ['systemMessages', 'read']], noFactoryUsers: true };
/** PERM-014 edit: executing buy ready; never a factory user. */
export const BUY_READY_EXECUTE: AccessRule = { anyOf: cp('edit'), noFactoryUsers: true };
/** BR-006 / PERM-019: the override page with module 18 read; never a factory user. */
export const BUY_READY_OVERRIDES: AccessRule = { anyOf: [['systemMessages', 'read']], noFactoryUsers: true };
/** BR-006 / PERM-019: saving an override with module 18 edit or create; never a factory user. */
export const BUY_READY_OVERRIDE_SAVE: AccessRule = {
  anyOf: [
    ['systemMessages', 'edit'],
    ['systemMessages', 'create'],
  ],
  noFactoryUsers: true,
};

/** CARRY-001 / PERM-015: module 14 edit opens every carryover screen and the season shifts; never a factory user. */
export const CARRYOVER: AccessRule = { anyOf: [['carryover', 'edit']], noFactoryUsers: true };

/** CALC-001 / PERM-013: the margin and FOB calculators need 10/2 (factory users get no costing figure, but may open them). */
export const CALCULATORS: AccessRule = { anyOf: [['calculator', 'edit']] };
/** CALC-002: changing a brand's calculator defaults needs 10/2 and module 18 edit (system admin); never a factory user. */
export const CALCULATOR_BRAND_DEFAULTS: AccessRule = {
  allOf: [
    ['calculator', 'edit'],
    ['systemMessages', 'edit'],
  ],
  noFactoryUsers: true,
};

/** WIZ-003: the project-create wizard needs create on brief, pattern and colorway; factory users never create. */
export const PROJECT_CREATE: AccessRule = {
  allOf: [
    ['brief', 'create'],
    ['pattern', 'create'],
    ['colorway', 'create'],
  ],
  noFactoryUsers: true,
};

/** DECISIONS SHELL-019: the error log (route, Ctrl+Shift+E and API) with module 6 read or module 18 read. */
export const ERROR_LOG: AccessRule = {
  anyOf: [
    ['users', 'read'],
    ['systemMessages', 'read'],
  ],
};

/** DECISIONS PERM-026: library entries open for any module 9 permission; 9/2 or 9/3 changes them. */
export const LIBRARY_VIEW: AccessRule = {
  anyOf: [
    ['libraries', 'read'],
    ['libraries', 'edit'],
    ['libraries', 'create'],
  ],
};
export const LIBRARY_CHANGE: AccessRule = {
  anyOf: [
    ['libraries', 'edit'],
    ['libraries', 'create'],
  ],
};

/** PERM-004: the corporate template is viewed with module 2 read; an editor (2/2) sees what they edit. */
export const CORPORATE_TEMPLATE_VIEW: AccessRule = {
  anyOf: [
    ['corporateTemplate', 'read'],
    ['corporateTemplate', 'edit'],
  ],
};

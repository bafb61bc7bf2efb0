/**
 * The route table (SHELL-001, AUTH-002..004): public routes behind PublicOnly, signed-in routes
 * behind RequireSession, every screen loaded lazily so the sign-in page stays small. An unknown
 * path shows 'Page not found' to a signed-in user (issue 11) and goes to /login otherwise (SHELL-001).
 */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageFallback } from './PageFallback';
import { PublicOnly } from './PublicOnly';
import { RequirePermission } from './RequirePermission';
import { RequireSession } from './RequireSession';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { LIST_CRUMBS, navGroupOf } from './list-crumbs';
import { adminRoutes, homeRoute } from '../screens/admin/routes';
import { linePlanRoutes } from '../screens/line-plans/routes';
import { briefRoutes } from '../screens/briefs/routes';
import { patternRoutes } from '../screens/patterns/routes';
import { colorwayRoutes } from '../screens/colorways/routes';
import { sizeRangeRoutes } from '../screens/size-ranges/routes';
import { flashEditRoutes } from '../screens/flash-edit/routes';
import { catalogRoutes } from '../screens/catalog/routes';
import { corporateTemplateRoutes } from '../screens/corporate-template/routes';
import { buyReadyRoutes } from '../screens/buy-ready/routes';
import { carryoverRoutes } from '../screens/carryover/routes';
import { criticalPathRoutes } from '../screens/critical-paths/routes';
import { quarterlyForecastRoutes } from '../screens/quarterly-forecast/routes';
import { calculatorRoutes } from '../screens/calculators/routes';
import { transferChecklistRoutes } from '../screens/transfer-checklist/routes';

/** `lazy` for a module exporting the component under `name`. */
function screen<M>(load: () => Promise<M>, name: keyof M) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const toLogin = <Navigate to="/login" replace />;

type Match = { params: Record<string, string | undefined> };
/** A grid's label until its document (GridScreen names the page after the grid's title): 'colorway-search' → 'Colorway search'. */
const gridLabel = (id: string) => id.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageFallback,
    children: [
      {
        element: <PublicOnly />,
        children: [
          { path: 'login', lazy: screen(() => import('../screens/auth/LoginScreen'), 'LoginScreen') },
          { path: 'register', lazy: screen(() => import('../screens/auth/RegisterScreen'), 'RegisterScreen') },
          { path: 'forgotPassword', lazy: screen(() => import('../screens/auth/ForgotPasswordScreen'), 'ForgotPasswordScreen') },
          { path: 'resetPassword', lazy: screen(() => import('../screens/auth/ResetPasswordScreen'), 'ResetPasswordScreen') },
          { path: 'displayMessage', lazy: screen(() => import('../screens/auth/DisplayMessageScreen'), 'DisplayMessageScreen') },
          { path: 'confirmEmail', lazy: screen(() => import('../screens/auth/ConfirmEmailScreen'), 'ConfirmEmailScreen') },
          { path: 'confirmResetPasswordEmail', lazy: screen(() => import('../screens/auth/ConfirmResetPasswordEmailScreen'), 'ConfirmResetPasswordEmailScreen') },
          { path: 'changeUserPassword', lazy: screen(() => import('../screens/auth/ChangeUserPasswordScreen'), 'ChangeUserPasswordScreen') },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: screen(() => import('./AppLayout'), 'AppLayout'),
            children: [
              homeRoute,
              ...adminRoutes,
              ...linePlanRoutes,
              ...briefRoutes,
              ...patternRoutes,
              ...colorwayRoutes,
              ...sizeRangeRoutes,
              ...flashEditRoutes,
              ...catalogRoutes,
              ...corporateTemplateRoutes,
              ...buyReadyRoutes,
              ...carryoverRoutes,
              ...criticalPathRoutes,
              ...quarterlyForecastRoutes,
              ...calculatorRoutes,
              ...transferChecklistRoutes,
              { path: 'Search', handle: { crumb: 'Search' }, lazy: screen(() => import('../screens/search/SearchScreen'), 'SearchScreen') },
              { path: 'projectCreate', handle: { crumb: 'Project Create', parent: navGroupOf }, lazy: screen(() => import('../screens/project-create/ProjectCreateScreen'), 'ProjectCreateScreen') },
              { path: 'upload-queue', handle: { crumb: 'Upload Queue', parent: navGroupOf }, lazy: screen(() => import('../screens/upload-queue/UploadQueueScreen'), 'UploadQueueScreen') },
              {
                path: 'upload-queue/:id',
                handle: { crumb: 'Upload job', parent: () => ({ to: '/upload-queue', label: 'Upload Queue' }) },
                lazy: screen(() => import('../screens/upload-queue/UploadJobScreen'), 'UploadJobScreen'),
              },
              { path: 'changePassword', handle: { crumb: 'Change Password' }, lazy: screen(() => import('../screens/account/ChangePasswordScreen'), 'ChangePasswordScreen') },
              {
                path: 'migrations',
                handle: { crumb: 'Migrations' },
                element: <RequirePermission module="users" action="edit" />,
                children: [{ index: true, lazy: screen(() => import('../screens/migrations/MigrationsScreen'), 'MigrationsScreen') }],
              },
              {
                path: 'grid/:gridId',
                handle: { crumb: (m: Match) => gridLabel(m.params.gridId ?? ''), parent: navGroupOf },
                lazy: screen(() => import('../screens/grid/GridScreen'), 'GridScreen'),
              },
              {
                path: 'record/:entity/:id',
                handle: { crumb: 'Record', parent: (m: Match) => LIST_CRUMBS[m.params.entity ?? ''] ?? null },
                lazy: screen(() => import('../screens/record/RecordScreen'), 'RecordScreen'),
              },
              { path: 'permissionDenied', handle: { crumb: 'Permission Denied' }, lazy: screen(() => import('../screens/system/PermissionDeniedScreen'), 'PermissionDeniedScreen') },
              { path: 'recordDeleted', handle: { crumb: 'Record Deleted' }, lazy: screen(() => import('../screens/system/RecordDeletedScreen'), 'RecordDeletedScreen') },
              { path: 'errorPage', handle: { crumb: 'Error' }, lazy: screen(() => import('../screens/system/ErrorPageScreen'), 'ErrorPageScreen') },
              { path: 'displayUserMessage', handle: { crumb: 'Message' }, lazy: screen(() => import('../screens/system/DisplayUserMessageScreen'), 'DisplayUserMessageScreen') },
              { path: '*', handle: { crumb: 'Page not found' }, lazy: screen(() => import('../screens/system/NotFoundScreen'), 'NotFoundScreen') },
            ],
          },
        ],
      },
      { index: true, element: toLogin },
    ],
  },
];

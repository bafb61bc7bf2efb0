/** The root of every route: theme, toasts, the unsaved-changes guard and the lazy-load progress bar. */
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { NavigationProgress } from './NavigationProgress';
import { ThemeApplier } from './ThemeApplier';
import { Toaster } from './Toaster';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

export function RootLayout() {
  return (
    <>
      <ThemeApplier />
      <NavigationProgress />
      <Outlet />
      <Toaster />
      <UnsavedChangesGuard />
      <ScrollRestoration />
    </>
  );
}

/**
 * The open record's name for the breadcrumb's last step and the document title (issue 11): a
 * screen calls `usePageTitle(name)` once; the name belongs to the path it was set on, so a
 * screen left behind never names the next one.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { create } from 'zustand';

interface PageTitleState {
  path: string | null;
  name: string | null;
}

export const usePageTitleStore = create<PageTitleState>(() => ({ path: null, name: null }));

/** The record name set for this path, if any. */
export const usePageName = (pathname: string) => usePageTitleStore((s) => (s.path === pathname ? s.name : null));

/** Names the current page after a record; nothing (null, undefined, '') keeps the route's own label. */
export function usePageTitle(name: unknown): void {
  const { pathname } = useLocation();
  const text = typeof name === 'string' || typeof name === 'number' ? String(name).trim() : '';
  useEffect(() => {
    if (!text) return;
    usePageTitleStore.setState({ path: pathname, name: text });
    return () => {
      if (usePageTitleStore.getState().path === pathname) usePageTitleStore.setState({ path: null, name: null });
    };
  }, [pathname, text]);
}

/**
 * What the shell derives from the manifests, handed to the screens that show it (the site map, a
 * record's not-found page) through context: a screen importing it would import every manifest,
 * its own among them, and make an import circle. AppLayout provides it.
 */
import { createContext, useContext } from 'react';
import type { AccessRule } from '@domain/access';
import type { Crumb } from './crumbs';

/** A screen of the site map; `access`: the rules of its route and the routes above it. */
export interface SiteLink {
  path: string;
  title: string;
  needsId: boolean;
  access: readonly AccessRule[];
}

export interface SiteInfo {
  links: readonly SiteLink[];
  lists: Readonly<Record<string, Crumb>>;
}

export const SiteContext = createContext<SiteInfo>({ links: [], lists: {} });

export const useSiteInfo = () => useContext(SiteContext);

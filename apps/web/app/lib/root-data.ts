import { useRouteLoaderData } from 'react-router';
import { SIGNED_OUT, type Viewer } from './account/viewer';
import { EMPTY_TRAY, type CompareTrayData } from '../pages/compare/choices';

/** What the root loader gives every page: its language, the visitor, the site's settings (the strings: lib/shared-strings.ts). */
export interface RootData {
  language: string;
  viewer: Viewer;
  languages: string[];
  siteName: string;
  siteUrl: string;
  projectId: string;
  buildId: string;
  /** The language of addresses without `?lang=` (DEFAULT_LANGUAGE), for hreflang. */
  defaultLanguage: string;
  /** The candidates the visitor picked to compare (cookie), for the toggles and the tray. */
  compare: CompareTrayData;
}

/**
 * What the layout and the error page use when the root loader itself failed: the error page must
 * still render (in English, with the default settings) whatever went wrong before it.
 */
export const FALLBACK_ROOT_DATA: RootData = {
  language: 'en',
  viewer: SIGNED_OUT,
  languages: ['en'],
  siteName: 'Ballot Atlas',
  siteUrl: '',
  projectId: 'ballot-atlas',
  // Only the app itself (rendered when the root loader succeeded) watches for new builds.
  buildId: '',
  defaultLanguage: 'en',
  compare: EMPTY_TRAY,
};

/** The root loader's data, or FALLBACK_ROOT_DATA when it has none (its loader threw). */
export function useRootData(): RootData {
  return (useRouteLoaderData('root') as RootData | undefined) ?? FALLBACK_ROOT_DATA;
}

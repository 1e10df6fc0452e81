import { createContext } from 'react';

/** The text of a page's two inline start-up scripts (lib/page-scripts.server.ts). */
export interface PageScriptTexts {
  /** React Router's hand-off from the server render, and the stream its loader data arrives in. */
  context: string;
  /** Fetches the page's modules once the page has painted, then hydrates (decision 045). */
  bootstrap: string;
}

/** Set around the server render (entry.server.tsx); absent in the browser, which runs the scripts and never renders them again. */
export const PageScriptsContext = createContext<PageScriptTexts | null>(null);

import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { readFormattedOutputOfThePage } from './lib/intl-output.client';
import { loadSharedStrings } from './lib/shared-strings.client';

/**
 * React Router's own start-up, after the page's language's shared strings are in (the server put
 * them in a preload link, so they are usually there already). An error page rendered without the
 * root's data has no such link and uses the English defaults both sides share. If the strings cannot
 * be had there is no hydration: the page stays the working server-rendered HTML it already is.
 */
const stringsPath = document.querySelector<HTMLLinkElement>('link[rel="preload"][data-shared-strings]')?.getAttribute('href');
(stringsPath ? loadSharedStrings(document.documentElement.lang, stringsPath) : Promise.resolve()).then(
  () => {
    readFormattedOutputOfThePage();
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    });
  },
  (error: unknown) => console.error(error),
);

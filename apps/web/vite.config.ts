import { execSync } from 'node:child_process';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompressClientFiles } from './vite/precompress.ts';

function buildId(): string {
  const stamp = Date.now().toString(36);
  try {
    return `${execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()}-${stamp}`;
  } catch {
    return stamp;
  }
}

/** Modules of the editors' console, which only editors' browsers load (app/pages/console/view.tsx). */
const CONSOLE_MODULE = /\/app\/(pages|components|lib)\/console\//;

/** The site's own components and helpers, and the icon set they draw from. */
const SHARED_SITE_MODULE = /[\\/]app[\\/](components|lib)[\\/]|[\\/]node_modules[\\/]lucide-react[\\/]/;
/**
 * A module that this many route modules import travels in the shared file. At six the directory
 * pages loaded 31–33 scripts; at four they load 20–22, and fewer bytes, since every small file
 * carries its own import and export lines; at three a captured module brings the Appwrite SDK into
 * the shared file, 30 KB gzip more on every page (bench/RESULTS.md, "Script requests per page").
 */
const SHARED_BY_ROUTES = 4;

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    precompressClientFiles(),
  ],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // The small components and helpers most pages use travel as one file, not as dozens of
        // sub-kilobyte ones: on a phone's connection each request costs a round trip before the
        // first paint (Lighthouse, bench/RESULTS.md). The console's modules stay out of it.
        codeSplitting: {
          groups: [{ name: 'site', test: (id) => SHARED_SITE_MODULE.test(id) && !CONSOLE_MODULE.test(id), minShareCount: SHARED_BY_ROUTES }],
        },
        // A chunk is named after a module in it; the console's chunks get a name the site already
        // uses many times, so that no file name (nor the import() that loads one) says "console".
        chunkFileNames: ({ moduleIds }) => (moduleIds.some((id) => CONSOLE_MODULE.test(id)) ? 'assets/view-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});

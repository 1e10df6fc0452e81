import { execSync } from 'node:child_process';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // A chunk is named after a module in it; the console's chunks get a name the site already
        // uses many times, so that no file name (nor the import() that loads one) says "console".
        chunkFileNames: ({ moduleIds }) => (moduleIds.some((id) => CONSOLE_MODULE.test(id)) ? 'assets/view-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});

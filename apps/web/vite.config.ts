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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  define: { __BUILD_ID__: JSON.stringify(buildId()) },
  build: { target: 'es2022' },
});

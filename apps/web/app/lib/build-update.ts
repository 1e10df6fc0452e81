/**
 * Build update (seed §4): the first manifest check waits 1 s; when a code chunk fails to load and
 * a newer build is published, reload — at most once per path per 10 s. 404/403 are tolerated.
 */
export const FIRST_CHECK_DELAY_MS = 1000;
export const RELOAD_THROTTLE_MS = 10_000;
const RELOADS_KEY = 'build-reloads';

let latestKnown: string | null = null;

async function fetchLatestBuild(): Promise<string | null> {
  try {
    const response = await fetch('/builds/latest.json', { cache: 'no-store' });
    if (response.status === 404 || response.status === 403 || !response.ok) return null;
    const body = (await response.json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}

export function reloadAllowed(path: string, now: number, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  let reloads: Record<string, number> = {};
  try {
    reloads = JSON.parse(storage.getItem(RELOADS_KEY) ?? '{}') as Record<string, number>;
  } catch {
    reloads = {};
  }
  const last = reloads[path];
  if (last !== undefined && now - last < RELOAD_THROTTLE_MS) return false;
  reloads[path] = now;
  storage.setItem(RELOADS_KEY, JSON.stringify(reloads));
  return true;
}

export function watchForNewBuilds(currentBuild: string): () => void {
  const timer = window.setTimeout(() => {
    void fetchLatestBuild().then((id) => {
      latestKnown = id;
    });
  }, FIRST_CHECK_DELAY_MS);
  const onChunkError = (event: Event): void => {
    void fetchLatestBuild().then((id) => {
      latestKnown = id ?? latestKnown;
      if (latestKnown && latestKnown !== currentBuild && reloadAllowed(location.pathname, Date.now(), sessionStorage)) {
        event.preventDefault();
        location.reload();
      }
    });
  };
  window.addEventListener('vite:preloadError', onChunkError);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('vite:preloadError', onChunkError);
  };
}

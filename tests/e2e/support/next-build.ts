/**
 * "The next deploy" for the build-update test, without a second `react-router build` (a minute of
 * a shared machine): a copy of a site build in which the build id is new and every hashed client
 * file has a new hash, in its name and in every reference to it (server bundle, manifest, other
 * chunks). To a browser still holding a page of the old build this is exactly a redeploy: the
 * server publishes another id, and the chunks the old page would load next are gone.
 */
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `name-HASH.ext` as Vite and React Router write hashed files: the hash is 8 characters of base64url,
 * so it may itself hold a `-` (`search-box-BwnXB-E_.js`). A file left unrenamed would be taken from the
 * browser's cache of the old build, old imports and all.
 */
const HASHED_FILE = /-([A-Za-z0-9_-]{8})\.(js|css)$/;
const TEXT_FILE = /\.(js|mjs|css|json|html|txt|webmanifest)$/;

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const path = join(directory, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export function deriveNextBuild(from: string, to: string, currentBuildId: string): { buildId: string } {
  const nextBuildId = `${currentBuildId}-next`;
  cpSync(from, to, { recursive: true });
  const assets = join(to, 'client', 'assets');
  // The build's compressed copies hold the old names and would outlive the renaming (a request for a
  // gone chunk would still find its .br); the derived build serves its files uncompressed.
  for (const file of filesUnder(join(to, 'client')).filter((path) => /\.(br|gz)$/.test(path))) rmSync(file);
  const hashes = new Set(readdirSync(assets).flatMap((name) => HASHED_FILE.exec(name)?.[1] ?? []));
  if (hashes.size === 0) throw new Error(`no hashed files in ${assets}`);
  const renamed = (hash: string): string => `${hash.slice(0, 7)}${hash[7] === 'z' ? 'y' : 'z'}`;
  const tokens = new RegExp(`${currentBuildId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${[...hashes].join('|')}`, 'g');
  for (const file of filesUnder(to).filter((path) => TEXT_FILE.test(path))) {
    const text = readFileSync(file, 'utf8');
    const next = text.replace(tokens, (token) => (token === currentBuildId ? nextBuildId : renamed(token)));
    if (next !== text) writeFileSync(file, next);
  }
  for (const name of readdirSync(assets)) {
    const hash = HASHED_FILE.exec(name)?.[1];
    if (hash) renameSync(join(assets, name), join(assets, name.replace(`-${hash}.`, `-${renamed(hash)}.`)));
  }
  return { buildId: nextBuildId };
}

import { useContext } from 'react';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';

/**
 * The page's script modules as low-priority modulepreload links, written in <head> before React
 * Router's own (from <Scripts />, which the browser then finds already under way): the document and
 * the stylesheet get a phone's connection first, so the server-rendered page paints before its
 * scripts have arrived — the priority React itself gives the bootstrap modules it preloads.
 */
export function LowPriorityScriptPreloads({ nonce }: { nonce: string | undefined }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  if (!framework) return null;
  const { manifest } = framework;
  const modules = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    modules.add(route.module);
    for (const module of route.imports ?? []) modules.add(module);
  }
  return (
    <>
      {[...modules].map((href) => (
        <link key={href} rel="modulepreload" href={href} fetchPriority="low" nonce={nonce} suppressHydrationWarning />
      ))}
    </>
  );
}

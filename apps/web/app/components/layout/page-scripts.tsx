import { useContext } from 'react';
import { UNSAFE_FrameworkContext } from 'react-router';
import { PageScriptsContext } from '../../lib/page-scripts-context';

/**
 * Stands in for React Router's `<Scripts />` (decision 045): the same context and streaming
 * script, and a bootstrap script in place of its module preloads and module script, which starts
 * the page's scripts once the server-rendered page is on screen. Both are written by the server
 * (lib/page-scripts.server.ts); in the browser these elements are hydrated as they are.
 */
export function PageScripts({ nonce }: { nonce: string | undefined }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const scripts = useContext(PageScriptsContext);
  // React Router writes the streamed loader data only after its scripts said they were rendered.
  if (framework?.renderMeta) framework.renderMeta.didRenderScripts = true;
  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts?.context ?? ' ' }} />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scripts?.bootstrap ?? ' ' }} />
    </>
  );
}

/**
 * The error page must render whatever failed before it (issue 11): when the root loader itself
 * throws there is no root data, and the layout (header, footer, strings) falls back to defaults
 * instead of failing with "Cannot destructure property 'siteName' of useRootData()".
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GeneralErrorBoundary } from '../error-page';
import { SiteChrome } from './site-chrome';

async function renderWithFailingRootLoader(status?: number): Promise<string> {
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: () => {
        if (status) throw new Response('Not here', { status });
        throw new Error('the root loader failed');
      },
      element: (
        <SiteChrome>
          <Outlet />
        </SiteChrome>
      ),
      errorElement: (
        <SiteChrome>
          <GeneralErrorBoundary />
        </SiteChrome>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://site.test/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

describe('the error page without root data', () => {
  it('renders the 500 page inside the layout, with the default site name and English strings', async () => {
    const html = await renderWithFailingRootLoader();
    expect(html).toMatch(/500(<!-- -->)? ERROR/);
    expect(html).toContain('Go Home');
    expect(html).toContain('Ballot Atlas');
    expect(html).toContain('<main id="main"');
    expect(html).not.toContain('common:skipToContent');
  });

  it('renders a 4xx the root loader threw as that status', async () => {
    const html = await renderWithFailingRootLoader(404);
    expect(html).toMatch(/404(<!-- -->)? ERROR/);
    expect(html).toContain('It looks like the issue is on your end.');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import compareToggle from '../../locales/en/compare-toggle.json';
import type { CompareTrayData } from '../../pages/compare/choices';
import { CompareToggle } from './compare-toggle';
import { CompareTray } from './compare-tray';

/** Server HTML of `element` on `path`, with the root data holding this selection (as the root loader sends it). */
async function render(element: React.ReactNode, compare: CompareTrayData, path = '/Regions'): Promise<string> {
  const i18n = createI18n('en', { 'compare-toggle': compareToggle });
  const handler = createStaticHandler([{ id: 'root', path: '*', loader: () => ({ projectId: 'test-project', compare }), Component: () => element }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('the test route redirected');
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

const amina = { id: 'cand-amina', name: 'Amina Odhiambo' };
const baraka = { id: 'cand-baraka', name: 'Baraka Mwangi' };

describe('CompareToggle as the server renders it', () => {
  it('is a plain form that posts to the selection and comes back to this page', async () => {
    const html = await render(<CompareToggle candidate={amina} />, { choices: [], full: false }, '/Regions?page=2');
    expect(html).toContain('action="/compare/selection"');
    expect(html).toContain('method="post"');
    expect(html).toContain('name="intent" value="add"');
    expect(html).toContain('name="candidate" value="cand-amina"');
    expect(html).toContain('name="redirectTo" value="/Regions?page=2"');
    // Before hydration the action is asked for a redirect (JavaScript switches it to data).
    expect(html).toContain('name="reply" value="redirect"');
    expect(html).toContain('aria-pressed="false"');
    expect(html).toMatch(/Compare<span class="sr-only"> Amina Odhiambo<\/span>/);
  });

  it('is pressed, and removes, for a candidate already chosen', async () => {
    const html = await render(<CompareToggle candidate={amina} />, { choices: [amina], full: false });
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain('name="intent" value="remove"');
  });
});

describe('CompareTray', () => {
  it('is absent while nothing is chosen', async () => {
    expect(await render(<CompareTray />, { choices: [], full: false })).toBe('');
  });

  it('lists the chosen candidates with remove buttons and links to their comparison', async () => {
    const html = await render(<CompareTray />, { choices: [amina, baraka], full: false });
    expect(html).toContain('aria-label="Candidates to compare"');
    expect(html).toContain('href="/compare?ids=cand-amina,cand-baraka"');
    expect(html).toContain('Compare (2)');
    expect(html).toContain('Remove Amina Odhiambo from the comparison');
    expect(html).toContain('Remove Baraka Mwangi from the comparison');
    expect(html).not.toContain('You can compare up to');
  });

  it('says why a fifth pick was refused', async () => {
    const html = await render(<CompareTray />, { choices: [amina, baraka], full: true });
    expect(html).toContain('You can compare up to 4 candidates at once');
  });

  it('stays off the comparison page, which has its own remove controls', async () => {
    expect(await render(<CompareTray />, { choices: [amina, baraka], full: false }, '/compare')).toBe('');
  });
});

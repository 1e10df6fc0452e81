import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import candidates from '../../locales/en/candidates.json';
import common from '../../locales/en/common.json';
import candidatesFr from '../../locales/fr/candidates.json';
import { EMPTY_TRAY } from '../../pages/compare/choices';
import { CandidateList, type CandidateListRow } from './candidate-list';

function row(id: string, overrides: Partial<CandidateListRow> = {}): CandidateListRow {
  return {
    id, name: `Ama ${id}`, href: `/candidate/${id}`, photoFileId: null, party: null, office: 'Member of Parliament', place: null,
    ballotNumber: 1, status: 'nominated', votes: null, votePercent: null, ...overrides,
  };
}

/** The list as the site renders it: inside a data router whose root route holds the project id. */
async function render(rows: CandidateListRow[], language = 'en') {
  const i18n = createI18n(language, { candidates: language === 'fr' ? candidatesFr : candidates, common });
  const handler = createStaticHandler([{ id: 'root', path: '/', loader: () => ({ projectId: 'test-project', compare: EMPTY_TRAY }), Component: () => <CandidateList rows={rows} /> }]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('the test route redirected');
  const t = vi.spyOn(i18n, 't');
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </I18nextProvider>,
  );
  return { html, keys: t.mock.calls.map(([key]) => String(key)) };
}

describe('CandidateList', () => {
  it('shows each row\'s status, party, ballot number and result', async () => {
    const { html } = await render([
      row('a', { status: 'elected', votes: 1200, votePercent: 52.5, party: { id: 'p1', name: 'Green Party', abbreviation: 'GP', colour: '#0a0' } }),
      row('b', { status: 'withdrawn', ballotNumber: 7 }),
    ]);
    expect(html).toContain('>Elected<');
    expect(html).toContain('>Withdrawn<');
    expect(html).toContain('title="Green Party"');
    expect(html).toContain('>Independent<');
    expect(html).toContain('>Ballot no. 7<');
    expect(html).toMatch(/1,200 votes \(52\.5\s?%\)/);
  });

  it('translates each status once and the ballot-number sentence once per list', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => row(String(index), { ballotNumber: (index % 3) + 1, status: index % 2 ? 'withdrawn' : 'nominated' }));
    const { html, keys } = await render(rows);
    expect(html.match(/>Ballot no\. 2</g)).toHaveLength(8);
    expect(html.match(/>Ballot no\. 3</g)).toHaveLength(8);
    expect(keys.filter((key) => key.startsWith('status.')).sort()).toEqual(['status.nominated', 'status.withdrawn']);
    expect(keys.filter((key) => key === 'list.ballotNumber')).toHaveLength(1);
  });

  it('fills the number into the translated sentence, formatted for the language', async () => {
    const { html } = await render([row('a', { ballotNumber: 1234 })], 'fr');
    expect(html).toContain(`>Bulletin n° ${new Intl.NumberFormat('fr').format(1234)}<`);
  });
});

describe('CandidateList pictures', () => {
  const imgs = (html: string) => [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);

  it('shows a photo as AVIF and WebP with a JPEG fallback, lazily, with the name in its alt', async () => {
    const { html } = await render([row('a', { photoFileId: 'photo-a' })]);
    expect(html).toContain('<source type="image/avif" srcSet="/v1/storage/buckets/media/files/photo-a/preview?width=44&amp;height=44&amp;gravity=top');
    expect(html).toContain('<source type="image/webp"');
    const [img] = imgs(html);
    expect(img).toContain('alt="Photo of Ama a"');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('decoding="async"');
    expect(img).toMatch(/width="44" height="44"/);
    expect(img).toContain('output=jpg&amp;project=test-project');
  });

  it('shows initials on the party colour for a candidate without a photo, and translates the alt sentence once', async () => {
    const party = { id: 'p1', name: 'Green Party', abbreviation: 'GP', colour: '#0A8040' };
    const { html, keys } = await render([row('a', { party }), row('b'), row('c', { photoFileId: 'photo-c' }), row('d', { photoFileId: 'photo-d' })]);
    const [withParty, independent] = imgs(html);
    expect(withParty).toContain('src="/v1/avatars/initials?name=Ama+a&amp;width=44&amp;height=44&amp;background=0a8040&amp;project=test-project"');
    expect(withParty).toContain('alt=""');
    expect(independent).not.toContain('background=');
    expect(html).not.toContain('<source type="image/avif" srcSet="/v1/avatars');
    expect(keys.filter((key) => key === 'photo.alt')).toHaveLength(1);
    expect(html).toContain('alt="Photo of Ama d"');
  });
});

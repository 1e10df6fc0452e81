import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { CandidateRow } from '../../lib/directory/candidate-rows';
import { createI18n } from '../../lib/i18n';
import candidates from '../../locales/en/candidates.json';
import common from '../../locales/en/common.json';
import candidatesFr from '../../locales/fr/candidates.json';
import { CandidateList } from './candidate-list';

function row(id: string, overrides: Partial<CandidateRow> = {}): CandidateRow {
  return {
    id, name: `Ama ${id}`, href: `/candidate/${id}`, party: null, office: 'Member of Parliament', place: null,
    ballotNumber: 1, status: 'nominated', votes: null, votePercent: null, ...overrides,
  };
}

function render(rows: CandidateRow[], language = 'en') {
  const i18n = createI18n(language, { candidates: language === 'fr' ? candidatesFr : candidates, common });
  const t = vi.spyOn(i18n, 't');
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <CandidateList rows={rows} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { html, keys: t.mock.calls.map(([key]) => String(key)) };
}

describe('CandidateList', () => {
  it('shows each row\'s status, party, ballot number and result', () => {
    const { html } = render([
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

  it('translates each status once and the ballot-number sentence once per list', () => {
    const rows = Array.from({ length: 25 }, (_, index) => row(String(index), { ballotNumber: (index % 3) + 1, status: index % 2 ? 'withdrawn' : 'nominated' }));
    const { html, keys } = render(rows);
    expect(html.match(/>Ballot no\. 2</g)).toHaveLength(8);
    expect(html.match(/>Ballot no\. 3</g)).toHaveLength(8);
    expect(keys.filter((key) => key.startsWith('status.')).sort()).toEqual(['status.nominated', 'status.withdrawn']);
    expect(keys.filter((key) => key === 'list.ballotNumber')).toHaveLength(1);
  });

  it('fills the number into the translated sentence, formatted for the language', () => {
    const { html } = render([row('a', { ballotNumber: 1234 })], 'fr');
    expect(html).toContain(`>Bulletin n° ${new Intl.NumberFormat('fr').format(1234)}<`);
  });
});

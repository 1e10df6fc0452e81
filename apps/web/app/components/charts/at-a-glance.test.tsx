import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { candidateFigures, mainRace, raceFigures, voterFigures, type ChartCandidate } from '../../lib/charts/ballot-figures';
import type { BallotGlance } from '../../lib/charts/glance-types';
import { createI18n } from '../../lib/i18n';
import common from '../../locales/en/common.json';
import charts from '../../locales/en/charts.json';
import chartsFr from '../../locales/fr/charts.json';
import { AtAGlance } from './at-a-glance';

const PARTIES = [
  { id: 'p1', name: "People's Progressive Party", abbreviation: 'PPP', colour: '#1b7f3b' },
  { id: 'p2', name: 'Chama cha Umoja', abbreviation: 'CCU', colour: '#f1c40f' },
];

const candidate = (id: string, partyId: string, gender: string, votes: number | null): ChartCandidate => ({
  $id: id, $updatedAt: '2026-11-20T10:00:00.000Z', name: `Name ${id}`, partyId, gender, officeId: 'mp', votes, status: 'nominated',
});

function glanceOf(ballot: ChartCandidate[], language = 'en'): BallotGlance {
  const race = mainRace(ballot, [{ id: 'mp', name: 'Member of Parliament', seats: 1 }]);
  return {
    messages: [{ language, namespace: 'charts', strings: language === 'fr' ? chartsFr : charts }],
    election: { name: '2022 General Election' },
    candidates: candidateFigures(ballot, PARTIES),
    voters: voterFigures([{ registeredVoters: 24_000, pollingStations: 40 }]),
    race: race && raceFigures(race, { place: 'Kalenga', concluded: true, registeredVoters: [24_000], parties: PARTIES }),
  };
}

/** The section as the server renders it; the charts' strings arrive with the glance, as from a loader. */
function render(glance: BallotGlance, language = 'en'): string {
  const i18n = createI18n(language, { common });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AtAGlance glance={glance} />
    </I18nextProvider>,
  );
}

/** The text of the visually hidden tables (the charts' text equivalents). */
function tableText(html: string): string {
  return [...html.matchAll(/<table[^>]*data-testid="chart-table"[^>]*>([\s\S]*?)<\/table>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ' ').replaceAll('&#x27;', "'")).join(' ');
}

describe('AtAGlance', () => {
  const results = [candidate('a', 'p1', 'female', 9_000), candidate('b', 'p2', 'male', 3_000), candidate('c', 'p1', 'male', 3_000), candidate('d', '', 'female', 0)];

  it('draws each figure in a captioned figure whose drawing is hidden from screen readers', () => {
    const html = render(glanceOf(results));
    expect(html).toContain('<h2 id="at-a-glance"');
    for (const caption of ['Candidates per party', 'Gender balance of the candidates', 'Voters and polling stations', 'Result, Member of Parliament in Kalenga', 'Turnout, Member of Parliament in Kalenga']) {
      expect(html).toContain(`<figcaption class="mb-3 font-semibold text-slate-900 dark:text-slate-100">${caption}</figcaption>`);
    }
    expect(html.match(/<svg /g)?.length).toBe(4);
    expect(html.match(/<div aria-hidden="true"><svg /g)?.length).toBe(4);
  });

  it('gives every number of the charts in their text equivalents', () => {
    const html = render(glanceOf(results));
    const text = tableText(html);
    for (const figure of ["People's Progressive Party", 'Chama cha Umoja', 'Independent', 'Women', 'Men', '50%', 'Name a (elected)', '9,000', '3,000', '60%', '20%']) {
      expect(text, figure).toContain(figure);
    }
    // Candidates per party: PPP 2, CCU 1, independent 1.
    expect(text).toMatch(/People's Progressive Party\s+2 /);
    expect(text).toMatch(/Chama cha Umoja\s+1 /);
    // Turnout and voters are sentences and figures in plain text, not hidden.
    expect(html).toContain('15,000 ballots for 24,000 registered voters: 62.5%.');
    expect(html).toContain('>600<');
  });

  it('draws bars in proportion: the party bars, and the result bars by votes', () => {
    const html = render(glanceOf(results));
    const widths = [...html.matchAll(/data-testid="chart-bar" data-width="([\d.]+)"/g)].map((match) => Number(match[1]));
    // The result first: Name a 9,000, Name b and c 3,000 (Name d's 0 draws no bar); then PPP 2, CCU 1, independent 1.
    expect(widths).toEqual([100, 33.33, 33.33, 100, 50, 50]);
  });

  it('names a low-contrast party colour with an outline in light mode only', () => {
    const html = render(glanceOf(results));
    expect(html).toMatch(/class="stroke-slate-900 dark:stroke-none[^"]*" style="fill:#f1c40f"/);
  });

  it('before any result: candidates and voters, no result or turnout', () => {
    const html = render(glanceOf(results.map((each) => ({ ...each, votes: null }))));
    expect(html).toContain('Candidates per party');
    expect(html).not.toContain('data-testid="figure-result"');
    expect(html).not.toContain('data-testid="figure-turnout"');
  });

  it('for an empty area: the voters only, and nothing at all without them', () => {
    const empty = glanceOf([]);
    expect(render(empty)).not.toContain('Candidates per party');
    expect(render(empty)).toContain('Voters and polling stations');
    expect(render({ ...empty, voters: null })).toBe('');
  });

  it('says when a ballot is too large to chart', () => {
    expect(render({ ...glanceOf(results), candidates: null, race: null })).toContain('too many candidates to chart');
  });

  it('formats numbers for the language', () => {
    const html = render(glanceOf(results, 'fr'), 'fr');
    expect(html).toContain('En un coup d’œil');
    expect(tableText(html)).toMatch(/9\u202f000/);
  });
});

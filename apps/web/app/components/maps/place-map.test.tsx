import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { drawMap } from '../../lib/maps/draw.server';
import { clockwiseSquare, square } from '../../lib/maps/fixtures.test-data';
import { mapParties } from '../../lib/maps/leading-parties';
import type { PlaceMapData } from '../../lib/maps/types';
import maps from '../../locales/en/maps.json';
import { LocatorMap } from './locator-map';
import { PlaceMap } from './place-map';

async function render(element: React.ReactNode): Promise<string> {
  const handler = createStaticHandler([{ id: 'root', path: '/', Component: () => element }]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('the test route redirected');
  return renderToStaticMarkup(
    <I18nextProvider i18n={createI18n('en', { maps })}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

const parties = mapParties(
  [
    { $id: 'ppp', name: "People's Progressive Party", abbreviation: 'PPP', colour: '#1b7f3b' },
    { $id: 'mdu', name: 'Mouvement Démocratique Uni', abbreviation: 'MDU', colour: '#c0392b' },
  ],
  ['ppp', 'mdu'],
);
const places = [
  { id: 'a', name: 'Kalenga', href: '/Kalenga-region', boundary: square(35, -8, 1), leadingPartyId: 'ppp' },
  { id: 'b', name: 'Mufindi', href: '/Mufindi-region', boundary: clockwiseSquare(36, -8, 1), leadingPartyId: 'mdu' },
  { id: 'c', name: 'Njombe', href: '/Njombe-region', boundary: square(37, -8, 1), leadingPartyId: null },
];

describe('PlaceMap', () => {
  it('draws every place as a named link, with the caption naming the map', async () => {
    const html = await render(<PlaceMap map={drawMap(places)!} caption="Choose a region." />);
    expect(html.match(/<a [^>]*href="\/[A-Za-z]+-region"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="Kalenga"');
    expect(html).toMatch(/<svg[^>]*role="group"[^>]*aria-labelledby="([^"]+)"/);
    const labelledBy = /aria-labelledby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`id="${labelledBy}">Choose a region.</p>`);
    expect(html).not.toContain('<pattern');
    expect(html.match(/class="n"/g)).toHaveLength(3);
  });

  it('fills places by leading party with a pattern each, names the leader, and explains the fills in a legend', async () => {
    const map = drawMap(places, { results: { election: '2022 General Election', office: 'Regional Governor', parties } })!;
    const html = await render(<PlaceMap map={map} caption="Choose a region." />);
    expect(html.match(/<pattern /g)).toHaveLength(2);
    expect(html).toContain('aria-label="Kalenga: PPP leads"');
    expect(html).toContain('aria-label="Mufindi: MDU leads"');
    expect(html).toContain('aria-label="Njombe"');
    expect(html.match(/class="n"/g)).toHaveLength(1);
    const fill = /<a [^>]*aria-label="Kalenga: PPP leads"[^>]*>.*?<path [^>]*fill="url\(#([^)]+)\)"/.exec(html)![1];
    expect(html).toContain(`<pattern id="${fill}"`);
    expect(html).toContain('Leading party, Regional Governor, 2022 General Election');
    expect(html).toContain('Mouvement Démocratique Uni (MDU)');
    expect(html).toContain('No result');
  });

  it('outlines the parent place over its children', async () => {
    const html = await render(<PlaceMap map={drawMap(places, { outline: square(34, -9, 5) })!} caption="c" />);
    expect(html).toMatch(/<path d="m6,[^"]+" class="o"><\/path><g aria-hidden="true">/);
  });

  it("writes a few places' names on the map, hidden from screen readers (each link is named)", async () => {
    const html = await render(<PlaceMap map={drawMap(places)!} caption="c" />);
    expect(html).toMatch(/<g aria-hidden="true"><text x="\d+" y="\d+">Kalenga<\/text><text [^>]+>Mufindi<\/text><text [^>]+>Njombe<\/text><\/g>/);
  });
});

describe('LocatorMap', () => {
  it('is one image named by its caption, with the current place filled and no links', async () => {
    const map: PlaceMapData = drawMap(places.map((place) => ({ ...place, href: null })), { currentId: 'b', width: 240 })!;
    const html = await render(<LocatorMap map={map} caption="Map: Mufindi within Iringa" />);
    expect(html).not.toContain('<a ');
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html.match(/class="c"/g)).toHaveLength(1);
    expect(html).toContain('Map: Mufindi within Iringa</figcaption>');
  });
});

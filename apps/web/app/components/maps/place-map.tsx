import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MapParty, PlaceMapData } from '../../lib/maps/types';
import { MapLegend } from './map-legend';
import { MapPatterns, patternId } from './map-patterns';
import { MAP_SVG_CLASS, svgIdPrefix } from './map-style';

/**
 * A clickable map: every place is a link to its page, named for screen readers (with its leading
 * party when results colour the map) and reachable by keyboard. The page lists the same links as
 * text beside the map (the caption says where), so the map adds a way in rather than replacing one.
 */
export function PlaceMap({ map, caption }: { map: PlaceMapData; caption: string }) {
  const { t } = useTranslation('maps');
  const prefix = svgIdPrefix(useId());
  const captionId = `${prefix}-caption`;
  const partyById = new Map<string, MapParty>(map.results?.parties.map((party) => [party.id, party]) ?? []);
  return (
    <figure className="grid gap-4 md:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] md:items-start">
      <div className="rounded-lg border border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <svg viewBox={map.viewBox} role="group" aria-labelledby={captionId} className={MAP_SVG_CLASS}>
          {map.results ? <MapPatterns parties={map.results.parties} prefix={prefix} /> : null}
          {map.shapes.map((shape) => {
            const party = shape.leadingPartyId ? partyById.get(shape.leadingPartyId) : undefined;
            const label = party ? t('leads', { place: shape.name, party: party.abbreviation || party.name }) : shape.name;
            const path = party ? <path d={shape.d} fill={`url(#${patternId(prefix, party)})`} /> : <path d={shape.d} className={shape.id === map.currentId ? 'c' : 'n'} />;
            return shape.href ? (
              <Link key={shape.id} to={shape.href} aria-label={label}>
                <title>{label}</title>
                {path}
              </Link>
            ) : (
              <g key={shape.id}>{path}</g>
            );
          })}
          {map.outline ? <path d={map.outline} className="o" /> : null}
          <g aria-hidden="true">
            {map.shapes.map((shape) =>
              shape.labelAt ? (
                <text key={shape.id} x={shape.labelAt[0]} y={shape.labelAt[1]}>
                  {shape.name}
                </text>
              ) : null,
            )}
          </g>
        </svg>
      </div>
      <figcaption className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        <p id={captionId}>{caption}</p>
        {map.results ? <MapLegend results={map.results} prefix={prefix} /> : null}
      </figcaption>
    </figure>
  );
}

import { useId } from 'react';
import type { PlaceMapData } from '../../lib/maps/types';
import { MAP_SVG_CLASS, svgIdPrefix } from './map-style';

/**
 * A small picture of where a place lies among its neighbours, the place itself filled. It links
 * nowhere (the breadcrumbs lead up the hierarchy), so it is one image named by its caption.
 */
export function LocatorMap({ map, caption }: { map: PlaceMapData; caption: string }) {
  const captionId = `${svgIdPrefix(useId())}-caption`;
  return (
    <figure className="mb-6 flex items-center gap-3">
      <div className="w-28 shrink-0 rounded-lg border border-slate-200 bg-white p-1 shadow-sm sm:w-36 dark:border-slate-800 dark:bg-slate-900">
        <svg viewBox={map.viewBox} role="img" aria-labelledby={captionId} className={MAP_SVG_CLASS}>
          {map.shapes.map((shape) => (
            <path key={shape.id} d={shape.d} className={shape.id === map.currentId ? 'c' : 'n'} />
          ))}
          {map.outline ? <path d={map.outline} className="o" /> : null}
        </svg>
      </div>
      <figcaption id={captionId} className="min-w-0 text-sm text-slate-700 dark:text-slate-300">
        {caption}
      </figcaption>
    </figure>
  );
}

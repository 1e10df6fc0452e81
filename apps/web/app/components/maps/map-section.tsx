import type { PlaceMapData } from '../../lib/maps/types';
import { Section } from '../ui/section';
import { PlaceMap } from './place-map';

/** A page's map under its own heading, or nothing when the places have no boundaries. */
export function MapSection({ map, title, caption, id }: { map: PlaceMapData | null; title: string; caption: string; id: string }) {
  if (!map) return null;
  return (
    <Section title={title} id={id}>
      <PlaceMap map={map} caption={caption} />
    </Section>
  );
}

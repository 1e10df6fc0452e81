import { findBySlug } from '../../lib/directory/canonical.server';
import type { ElectoralArea } from '../../lib/directory/types';
import { routeMessages } from '../../lib/i18n.server';
import type { RouteMessages } from '../../lib/route-messages';
import { rememberedPlace } from './place-cookie';

/** What another page (the home page) needs to offer My ballot: the remembered place, if any, and its few strings. */
export interface BallotOffer {
  place: { name: string; slug: string } | null;
  messages: RouteMessages[];
}

/**
 * The place this browser chose in My ballot (no API call without the cookie; null when its area no
 * longer exists or cannot be read), with only the `home` strings of the my-ballot namespace, not the whole catalogue.
 */
export async function ballotOffer(request: Request): Promise<BallotOffer> {
  const messages = routeMessages(request, 'my-ballot').map((each) => ({ ...each, strings: { home: each.strings['home'] } }));
  const slug = rememberedPlace(request);
  // Never rejects: the offer is extra, and a failed look-up only costs it the place's name.
  const area = slug ? await findBySlug<ElectoralArea>(request, 'electoral_areas', slug, ['name']).catch(() => null) : null;
  return { place: area ? { name: area.name, slug: area.slug } : null, messages };
}

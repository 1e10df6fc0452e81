import { safeColour } from '../colour-contrast';

/**
 * What a generated share image (`og:image`, 1200×630) shows. The page's meta function and the
 * image route build it with the same functions below, from the same fields, so the version in the
 * image's URL (a hash of the card) changes exactly when the picture would.
 */
export interface ShareCard {
  /** The small line above the title: "Candidate", "Political party", "District"… */
  eyebrow: string;
  /** The name: a candidate, a party, a place, or the site itself. */
  title: string;
  /** Up to two short lines under the title (office and place; a party's abbreviation). */
  lines: string[];
  /** A party's name beside its colour swatch. */
  party: { name: string; colour: string | null } | null;
  /** The accent colour of the card's edge: the party's, or the site's green. */
  accent: string | null;
  picture: SharePicture | null;
  siteName: string;
  /** The image's text alternative (og:image:alt). */
  alt: string;
}

/** A picture from the API: a candidate's photo, their initials on the party colour, or a party's logo. */
export type SharePicture = { kind: 'photo'; fileId: string } | { kind: 'initials'; name: string; colour: string | null } | { kind: 'logo'; fileId: string; name: string; colour: string | null };

/** Which record a card is about; `ref` is its id (candidates, parties), slug (places) or a fixed name. */
export type ShareKind = 'candidate' | 'party' | 'region' | 'district' | 'area' | 'site';

export const SHARE_KINDS: readonly ShareKind[] = ['candidate', 'party', 'region', 'district', 'area', 'site'];

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** The meta functions' and the server's translate function alike: keys carry their namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface CandidateCardInput {
  name: string;
  photoFileId: string | null;
  party: { name: string; colour: string | null } | null;
  office: string | null;
  place: string | null;
}

export function candidateCard(input: CandidateCardInput, t: Translate, siteName: string): ShareCard {
  const party = input.party && { name: input.party.name, colour: safeColour(input.party.colour) };
  const standsFor = input.office && input.place ? t('share:card.standsFor', { office: input.office, place: input.place }) : input.office;
  return {
    eyebrow: t('share:card.candidate'),
    title: input.name,
    lines: standsFor ? [standsFor] : [],
    party: party ?? { name: t('share:card.independent'), colour: null },
    accent: party?.colour ?? null,
    picture: input.photoFileId ? { kind: 'photo', fileId: input.photoFileId } : { kind: 'initials', name: input.name, colour: party?.colour ?? null },
    siteName,
    alt: t('share:card.candidateAlt', { name: input.name, party: party?.name ?? t('share:card.independent'), siteName }),
  };
}

export interface PartyCardInput {
  name: string;
  abbreviation: string | null;
  colour: string | null;
  logoFileId: string | null;
}

export function partyCard(input: PartyCardInput, t: Translate, siteName: string): ShareCard {
  const colour = safeColour(input.colour);
  return {
    eyebrow: t('share:card.party'),
    title: input.name,
    lines: input.abbreviation ? [input.abbreviation] : [],
    party: null,
    accent: colour,
    picture: input.logoFileId ? { kind: 'logo', fileId: input.logoFileId, name: input.name, colour } : null,
    siteName,
    alt: t('share:card.partyAlt', { name: input.name, siteName }),
  };
}

export type PlaceKind = 'region' | 'district' | 'area';

export interface PlaceCardInput {
  name: string;
  /** Where it lies: the region of a district or electoral area. */
  within: string | null;
}

export function placeCard(kind: PlaceKind, input: PlaceCardInput, t: Translate, siteName: string): ShareCard {
  return {
    eyebrow: t(`share:card.${kind}`),
    title: input.name,
    lines: input.within ? [input.within] : [],
    party: null,
    accent: null,
    picture: null,
    siteName,
    alt: t('share:card.placeAlt', { name: input.name, siteName }),
  };
}

/** The one ref of the site's own card (`/share-image/site/site.png`). */
export const SITE_CARD_REF = 'site';

/** Every other page: the site's name and what it offers. */
export function siteCard(t: Translate, siteName: string): ShareCard {
  return { eyebrow: t('share:card.site'), title: siteName, lines: [t('share:card.tagline')], party: null, accent: null, picture: null, siteName, alt: t('share:card.siteAlt', { siteName }) };
}

/** FNV-1a, 32 bits: a short, stable fingerprint that runs alike in the browser and on the server. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The card's version: changes whenever anything drawn on it (or its language's words) changes. */
export function cardVersion(card: ShareCard): string {
  const text = JSON.stringify(card);
  return `${fnv1a(text, 0x811c9dc5).toString(36)}${fnv1a(text, 0x9e3779b9).toString(36)}`;
}

export const SHARE_IMAGE_PREFIX = '/share-image/';

/** `/share-image/{kind}/{ref}.png?lang=…&v=…`: the language it is written in and the version make the URL immutable. */
export function shareImagePath(kind: ShareKind, ref: string, language: string, card: ShareCard): string {
  return versionedShareImagePath(kind, ref, language, cardVersion(card));
}

export function versionedShareImagePath(kind: ShareKind, ref: string, language: string, version: string): string {
  const query = new URLSearchParams({ lang: language, v: version });
  return `${SHARE_IMAGE_PREFIX}${kind}/${encodeURIComponent(ref)}.png?${query.toString()}`;
}

/** The kind and ref of `/share-image/{kind}/{file}`; null for anything else. */
export function readShareImageParams(kind: string, file: string): { kind: ShareKind; ref: string } | null {
  if (!(SHARE_KINDS as readonly string[]).includes(kind) || !file.endsWith('.png')) return null;
  const ref = file.slice(0, -'.png'.length);
  return ref ? { kind: kind as ShareKind, ref } : null;
}

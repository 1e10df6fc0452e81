import { safeColour, readableTextOn } from '../colour-contrast';
import { leaderOf, standings, type RaceEntrant } from '../results/race';
import type { MapParty, PatternName } from './types';

/** In this order, so neighbouring parties in the list differ in shape as well as colour. */
export const PATTERNS: readonly PatternName[] = ['diagonal', 'dots', 'horizontal', 'crosshatch', 'vertical', 'backDiagonal', 'grid', 'rings'];

/** A party without a usable colour still shows, in slate-500, told apart by its pattern. */
const FALLBACK_COLOUR = '#64748b';

export interface PlaceEntrant extends RaceEntrant {
  placeId: string;
  partyId: string | null;
}

/**
 * Each place's leading party: the single leader of the place's race (lib/results/race.ts rules:
 * nobody with votes, or a tie at the top, means no leader). Places whose leader stands for no
 * party are left out, so they stay neutral like places without results.
 */
export function leadingPartyByPlace(entrants: readonly PlaceEntrant[]): Map<string, string> {
  const byPlace = new Map<string, PlaceEntrant[]>();
  for (const entrant of entrants) {
    const race = byPlace.get(entrant.placeId);
    if (race) race.push(entrant);
    else byPlace.set(entrant.placeId, [entrant]);
  }
  const leaders = new Map<string, string>();
  for (const [placeId, race] of byPlace) {
    const leader = leaderOf(standings(race, 1));
    if (leader?.partyId) leaders.set(placeId, leader.partyId);
  }
  return leaders;
}

export interface PartyRecord {
  $id: string;
  name: string;
  abbreviation: string | null;
  colour: string | null;
}

/**
 * The parties that lead somewhere, each with its colour and a pattern. The pattern follows the
 * party's place in `everyParty` (the whole list, in a fixed order), so a party wears the same
 * pattern on every map of the site.
 */
export function mapParties(everyParty: readonly PartyRecord[], leading: Iterable<string>): MapParty[] {
  const wanted = new Set(leading);
  return everyParty.flatMap((party, index): MapParty[] => {
    if (!wanted.has(party.$id)) return [];
    const colour = safeColour(party.colour) ?? FALLBACK_COLOUR;
    return [{ id: party.$id, name: party.name, abbreviation: party.abbreviation, colour, ink: readableTextOn(colour), pattern: PATTERNS[index % PATTERNS.length]! }];
  });
}

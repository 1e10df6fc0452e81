import type { Race } from './races';

export interface PrintableBallot {
  title: string;
  /** The first paragraph: where and when. */
  intro: string;
  races: Race[];
  /** "Whole country", the region's name… for each race. */
  whereOf: (race: Race) => string;
  independent: string;
}

/**
 * The ballot as plain paragraphs (blank-line separated) for the PDF export's text kind: one
 * paragraph per race, one line per candidate in ballot order.
 */
export function ballotText(ballot: PrintableBallot): string {
  const races = ballot.races.map((race) => {
    const lines = race.candidates.map((candidate) => `${candidate.ballotNumber ?? '–'}. ${candidate.name} (${candidate.party?.name ?? ballot.independent})`);
    return [`${race.office.name} (${ballot.whereOf(race)})`, ...lines].join('\n');
  });
  return [ballot.intro, ...races].join('\n\n');
}

/** The export page with the ballot filled in as text, ready to make a PDF. */
export function printBallotPath(title: string, text: string): string {
  return `/convertToPdf?${new URLSearchParams({ kind: 'text', title, text })}`;
}

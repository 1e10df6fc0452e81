import type { CandidateRow, ExportDocument, Language, OfficeGroup, PartyBadge } from '../document-model.ts';
import { discPng } from './png.ts';

/** Names as hard as the demo data's: Latin Extended, ŋ/ɔ/ɛ, Vietnamese, a combining accent, curly apostrophes. */
const GIVEN = ['Ŋoŋo', 'Amani', 'Đặng Thị', 'Zoë', 'Ɔkɛlɔ', 'Nàdé', 'Søren', 'Ḿbàlí', 'Þórunn', 'Ọlá'];
const FAMILY = ['Ɔkɛlɔ', 'O’Neill', 'Ngọc Ánh', 'Brønsted', 'Kiptoo', 'Àlàbí', 'D’Souza', 'Ñúñez', 'Ẹ̀kọ́', 'Weiß'];
const OFFICES = ['Member of Parliament', 'District Chief Executive', 'Ward Councillor'];

export function sampleParties(): PartyBadge[] {
  return [
    { name: 'National Unity Party', abbreviation: 'NUP', colour: '#1d4ed8', logo: discPng(48, '#1d4ed8') },
    { name: 'Green Alliance of the Coast and the Northern Highlands', abbreviation: 'GA', colour: '#15803d', logo: discPng(48, '#15803d') },
    { name: 'Parti du Renouveau', abbreviation: 'PR', colour: '#b91c1c', logo: null },
  ];
}

/** `count` candidates over three offices and places of eight, every fourth without a photo, every seventh independent. */
export function sampleCandidates(count: number): OfficeGroup[] {
  const parties = sampleParties();
  const photo = discPng(64, '#64748b');
  const offices: OfficeGroup[] = OFFICES.map((office) => ({ office, places: [] }));
  for (let index = 0; index < count; index++) {
    const office = offices[index % OFFICES.length]!;
    const placeName = `Kàmpálá ${office.office === OFFICES[1] ? 'District' : 'Ward'} ${Math.floor(index / (8 * OFFICES.length)) + 1}`;
    let place = office.places.at(-1);
    if (place?.place !== placeName) office.places.push((place = { place: placeName, rows: [] }));
    const row: CandidateRow = {
      ballotNumber: place.rows.length + 1,
      name: `${GIVEN[index % GIVEN.length]} ${FAMILY[(index * 7) % FAMILY.length]} ${index + 1}`,
      party: index % 7 === 6 ? null : parties[Math.floor(index / 3) % parties.length]!,
      office: office.office,
      photo: index % 4 === 3 ? null : photo,
    };
    place.rows.push(row);
  }
  return offices.filter((office) => office.places.length > 0);
}

export function sampleDocument(language: Language, offices: OfficeGroup[]): ExportDocument {
  return {
    language,
    brand: 'Ballot Atlas',
    title: 'Candidates in Kàmpálá — an export with a long title that must stay on one line in the header',
    subtitle: ['2027 General Election', 'Central region · Kàmpálá sub-region'],
    generatedAt: new Date('2027-01-15T09:30:00Z'),
    sourceUrl: 'https://ballot-atlas.example/districts/All-Candidates-of-K%C3%A0mp%C3%A1l%C3%A1',
    body: { kind: 'candidates', offices },
  };
}

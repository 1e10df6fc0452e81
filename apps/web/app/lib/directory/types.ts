import type { Models } from 'appwrite';

/** Directory records as the API returns them (appwrite.json is the source of these fields). */
export type Doc<T> = Models.Document & T;

export type Region = Doc<{ name: string; slug: string; code: string; description: string | null; population: number | null; order: number | null }>;
export type Subregion = Doc<{ name: string; slug: string; regionId: string; description: string | null }>;
export type District = Doc<{ name: string; slug: string; kind: 'district' | 'city' | 'municipality'; subregionId: string; regionId: string; description: string | null; population: number | null }>;
export type ElectoralArea = Doc<{
  name: string; slug: string; kind: string; districtId: string; subregionId: string; regionId: string;
  code: string | null; registeredVoters: number | null; pollingStations: number | null;
}>;
export type Office = Doc<{ name: string; slug: string; level: 'national' | 'region' | 'district' | 'electoral_area'; seats: number | null; order: number | null; description: string | null }>;
export type Election = Doc<{ name: string; slug: string; date: string; status: 'upcoming' | 'ongoing' | 'concluded'; description: string | null }>;
export type Party = Doc<{
  name: string; abbreviation: string | null; slug: string; colour: string | null; logoFileId: string | null; founded: number | null;
  leader: string | null; headquarters: string | null; website: string | null; ideology: string | null; description: string | null;
}>;
export type CandidateStatus = 'nominated' | 'withdrawn' | 'disqualified' | 'elected' | 'not_elected';
export type Candidate = Doc<{
  name: string; slug: string; photoFileId: string | null; partyId: string | null; officeId: string; electionId: string;
  regionId: string | null; subregionId: string | null; districtId: string | null; electoralAreaId: string | null;
  ballotNumber: number | null; gender: string | null; dateOfBirth: string | null; occupation: string | null; education: string | null;
  bio: string | null; website: string | null; socialLinks: string[]; status: CandidateStatus; votes: number | null; votePercent: number | null;
}>;
export type EventKind = 'registration' | 'nomination' | 'campaign' | 'debate' | 'polling' | 'results' | 'other';
export type CalendarEvent = Doc<{
  title: string; description: string | null; start: string; end: string | null; allDay: boolean | null; location: string | null;
  kind: EventKind; electionId: string | null; regionId: string | null; districtId: string | null; partyId: string | null; url: string | null;
}>;
export type Page = Doc<{ slug: string; language: string; title: string; body: string }>;

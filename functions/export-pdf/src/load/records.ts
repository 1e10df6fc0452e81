/** The fields of the directory's documents (appwrite.json) that exports read. */
export interface Office { $id: string; name: string; slug: string; level: 'national' | 'region' | 'district' | 'electoral_area'; order: number }
export interface Election { $id: string; name: string; slug: string; date: string; status: string }
export interface Party { $id: string; name: string; abbreviation: string; colour: string; logoFileId: string | null }
export interface Region { $id: string; name: string; slug: string }
export interface District { $id: string; name: string; slug: string; regionId: string }
export interface ElectoralArea { $id: string; name: string; slug: string; districtId: string; regionId: string }
export interface Candidate {
  $id: string;
  name: string;
  photoFileId: string | null;
  partyId: string | null;
  officeId: string;
  regionId: string | null;
  districtId: string | null;
  electoralAreaId: string | null;
  ballotNumber: number | null;
}
export interface CalendarEvent { $id: string; title: string; start: string; end: string | null; allDay: boolean | null; location: string | null; kind: string; regionId: string | null }

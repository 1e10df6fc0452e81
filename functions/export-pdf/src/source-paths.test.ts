import { describe, expect, it } from 'vitest';
import { buildPath, calendarPath, patterns } from '../../../apps/web/app/lib/urls.ts';
import { ALL_OFFICES as SITE_ALL_OFFICES } from '../../../apps/web/app/pages/district-candidates/constants.ts';
import { ALL_OFFICES, CALENDAR_LIST_PATH, siteOrigin, SOURCE_PATTERNS, sourcePath } from './source-paths.ts';

describe('source paths', () => {
  it('are built like the site builds them', () => {
    for (const [name, pattern] of Object.entries(SOURCE_PATTERNS)) expect(patterns[name as keyof typeof patterns], name).toBe(pattern);
    expect(ALL_OFFICES).toBe(SITE_ALL_OFFICES);
    expect(CALENDAR_LIST_PATH).toBe(calendarPath({ view: 'list' }));
    const params = { area: 'Ŋoŋo’s Ward-in-the hills', region: 'Northern region' };
    expect(sourcePath('candidatesOfArea', params)).toBe(buildPath('candidatesOfArea', params));
  });

  it('start at BALLOT_SITE_URL, else at the API endpoint’s origin', () => {
    expect(siteOrigin({ BALLOT_SITE_URL: 'https://elections.example/', APPWRITE_FUNCTION_API_ENDPOINT: 'http://127.0.0.1:3000/v1' })).toBe('https://elections.example');
    expect(siteOrigin({ APPWRITE_FUNCTION_API_ENDPOINT: 'http://127.0.0.1:3000/v1' })).toBe('http://127.0.0.1:3000');
  });
});

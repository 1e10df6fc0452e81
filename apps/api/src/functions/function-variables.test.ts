import { describe, expect, it } from 'vitest';
import { resolveVariables, serverSettings } from './function-variables.ts';

describe('declared function variables', () => {
  const settings = serverSettings({ siteUrl: 'https://ballots.example', siteName: 'Ballot Atlas' });

  it('replaces ${SITE_URL} and ${SITE_NAME} with the server\'s settings and keeps other values as written', () => {
    expect(resolveVariables({ BALLOT_SITE_URL: '${SITE_URL}', TITLE: '${SITE_NAME} exports', LIMIT: '10' }, settings)).toEqual({
      BALLOT_SITE_URL: 'https://ballots.example', TITLE: 'Ballot Atlas exports', LIMIT: '10',
    });
  });

  it('never reaches other settings or the environment: an unknown name stays as written', () => {
    process.env['SECRET_FOR_TEST'] = 'hidden';
    expect(resolveVariables({ A: '${SECRET_FOR_TEST}', B: '${API_KEY}' }, settings)).toEqual({ A: '${SECRET_FOR_TEST}', B: '${API_KEY}' });
    delete process.env['SECRET_FOR_TEST'];
  });
});

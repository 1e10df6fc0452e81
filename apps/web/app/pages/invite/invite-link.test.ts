import { describe, expect, it } from 'vitest';
import { declinedPath, inviteLinkOf, joinedPath } from './invite-link';

const complete = { membershipId: 'm1', userId: 'u1', secret: 'a'.repeat(256), teamId: 'editors', teamName: 'Editors' };

describe('inviteLinkOf', () => {
  it('reads the parts the API puts in an invitation link', () => {
    expect(inviteLinkOf(new URLSearchParams(complete))).toEqual(complete);
  });

  it('refuses a link with a part missing or malformed', () => {
    for (const part of ['membershipId', 'userId', 'secret', 'teamId'] as const) {
      expect(inviteLinkOf(new URLSearchParams({ ...complete, [part]: '' })), part).toBeNull();
    }
    expect(inviteLinkOf(new URLSearchParams({ ...complete, teamId: '../account' }))).toBeNull();
    expect(inviteLinkOf(new URLSearchParams({ ...complete, membershipId: 'x'.repeat(37) }))).toBeNull();
    expect(inviteLinkOf(new URLSearchParams({ ...complete, secret: 's'.repeat(1025) }))).toBeNull();
  });

  it('only shows the team name, cut to a sane length; a link without it still works', () => {
    expect(inviteLinkOf(new URLSearchParams({ ...complete, teamName: 'É'.repeat(300) }))?.teamName).toHaveLength(128);
    const { teamName: _dropped, ...unnamed } = complete;
    expect(inviteLinkOf(new URLSearchParams(unnamed))?.teamName).toBe('');
  });
});

describe('the pages after answering', () => {
  it('keep the secret out of the address', () => {
    expect(joinedPath('editors')).toBe('/invite?joined=editors');
    expect(declinedPath('Editors & Friends')).toBe('/invite?declined=Editors+%26+Friends');
  });
});

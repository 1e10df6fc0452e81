import { Teams } from 'appwrite';
import { field } from '../../../lib/account/form-values';
import type { ProfileIntent } from '../types';
import { done, failed, type Handler } from './outcome.server';

export const teamHandlers: Partial<Record<ProfileIntent, Handler>> = {
  /** Leaves a team; the API refuses the last owner (the team would have nobody to manage it). */
  async 'team-leave'({ visitor, form }) {
    const teamId = field(form, 'teamId');
    try {
      await new Teams(visitor.client()).deleteMembership({ teamId, membershipId: field(form, 'membershipId') });
      return done('team-leave');
    } catch (error) {
      return failed('team-leave', error, { values: { teamId } });
    }
  },
};

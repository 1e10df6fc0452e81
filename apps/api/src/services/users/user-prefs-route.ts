import { AppwriteError } from '../../core/errors.ts';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';

/** Users' `getPrefs` for keys: functions read an editor's language before mailing them. */
export const getUserPrefs = defineRoute({
  id: 'users.getPrefs',
  method: 'GET',
  path: '/users/{userId}/prefs',
  summary: "A user's preferences (keys only).",
  scope: 'users.read',
  params: { userId: param.uid({ required: true, description: 'User ID.' }) },
  response: { status: 200, model: 'Preferences' },
  handler: async ({ params, services }) => {
    const user = await services.accounts.users.get(params.userId);
    if (!user) throw new AppwriteError('user_not_found');
    return JSON.parse(user.prefs) as Record<string, unknown>;
  },
});

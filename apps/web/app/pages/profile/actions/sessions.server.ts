import { redirect } from 'react-router';
import { field } from '../../../lib/account/form-values';
import { formProblem } from '../../../lib/account/problem';
import { staticPaths } from '../../../lib/urls';
import type { ProfileIntent } from '../types';
import { done, failed, type Handler } from './outcome.server';

export const sessionHandlers: Partial<Record<ProfileIntent, Handler>> = {
  /** Signs out one session; this browser's own ends like the header's "Sign out". */
  async 'session-delete'({ visitor, form }) {
    const sessionId = field(form, 'sessionId');
    try {
      const session = await visitor.account.getSession({ sessionId });
      if (session.current) {
        await visitor.send('DELETE', '/account/sessions/current');
        return redirect(`${staticPaths.signin}?notice=signedOut`, { headers: visitor.responseHeaders() });
      }
      await visitor.account.deleteSession({ sessionId });
      return done('session-delete');
    } catch (error) {
      return failed('session-delete', error);
    }
  },

  /** Every session but this one: the API has no single call for it, so one by one. */
  async 'sessions-others'({ visitor }) {
    try {
      const { sessions } = await visitor.account.listSessions();
      const others = sessions.filter((session) => !session.current);
      await Promise.all(others.map((session) => visitor.account.deleteSession({ sessionId: session.$id })));
      return done('sessions-others', { ended: others.length });
    } catch (error) {
      return failed('sessions-others', error);
    }
  },

  async 'sessions-all'({ visitor }) {
    try {
      await visitor.send('DELETE', '/account/sessions');
    } catch (error) {
      return failed('sessions-all', error);
    }
    return redirect(`${staticPaths.signin}?notice=signedOutEverywhere`, { headers: visitor.responseHeaders() });
  },

  async 'identity-delete'({ visitor, form }) {
    try {
      await visitor.account.deleteIdentity({ identityId: field(form, 'identityId') });
      return done('identity-delete');
    } catch (error) {
      return failed('identity-delete', error);
    }
  },

  /** Blocks the account for good (the API ends every session); only with the box ticked. */
  async block({ visitor, form }) {
    if (field(form, 'confirm') !== 'yes') return failed('block', formProblem('form_confirm'), { field: 'confirm' });
    try {
      await visitor.send('PATCH', '/account/status');
    } catch (error) {
      return failed('block', error);
    }
    return redirect(`${staticPaths.signin}?notice=blocked`, { headers: visitor.responseHeaders() });
  },
};

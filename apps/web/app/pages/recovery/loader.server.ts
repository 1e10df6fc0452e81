import { routeMessages } from '../../lib/i18n.server';
import type { RecoveryData } from './types';

/** `/recovery`: asks for the address; opened from the mail (`?userId&secret&expire`), asks for the new password. */
export function recoveryLoader(request: Request): RecoveryData {
  const url = new URL(request.url);
  const messages = routeMessages(request, 'account');
  const userId = url.searchParams.get('userId');
  const secret = url.searchParams.get('secret');
  if (userId && secret) {
    const expire = Date.parse(url.searchParams.get('expire') ?? '');
    return { messages, step: 'reset', userId, secret, expired: Number.isFinite(expire) && expire < Date.now() };
  }
  return { messages, step: 'request', email: (url.searchParams.get('email') ?? '').slice(0, 254) };
}

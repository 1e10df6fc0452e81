import type { Problem } from '../../lib/account/problem';
import type { RouteMessages } from '../../lib/route-messages';

export interface SignupData {
  messages: RouteMessages[];
  next: string;
}

export type SignupField = 'name' | 'email' | 'password';

export interface SignupResult {
  values: { name: string; email: string };
  problem: Problem;
  /** The field the problem is about, when it is about one. */
  field?: SignupField;
}

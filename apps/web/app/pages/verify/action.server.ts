import { data } from 'react-router';
import { problemOf, statusOf } from '../../lib/account/problem.server';
import { assertSameOrigin } from '../../lib/account/same-origin.server';
import { siteOrigin } from '../../lib/account/site-origin.server';
import { Visitor } from '../../lib/account/visitor.server';
import { staticPaths } from '../../lib/urls';
import type { VerifyResult } from './types';

/** Sends the verification mail again (its link opens `/verify`). */
export async function verifyAction(request: Request) {
  assertSameOrigin(request);
  try {
    await new Visitor(request).account.createVerification({ url: `${siteOrigin(request)}${staticPaths.verify}` });
    return data<VerifyResult>({ sent: true });
  } catch (error) {
    return data<VerifyResult>({ problem: problemOf(error) }, { status: statusOf(error) });
  }
}

/**
 * What the header shows of the account: enough for a name and a link, nothing private beyond it.
 * `anonymous`: a guest who exported a PDF holds an anonymous session, and is still offered "Sign in".
 */
export type Viewer = { status: 'signedOut' } | { status: 'anonymous' } | { status: 'secondFactor' } | { status: 'signedIn'; name: string; email: string };

export const SIGNED_OUT: Viewer = { status: 'signedOut' };

/** What the header shows of the account: enough for a name and a link, nothing private beyond it. */
export type Viewer = { status: 'signedOut' } | { status: 'secondFactor' } | { status: 'signedIn'; name: string; email: string };

export const SIGNED_OUT: Viewer = { status: 'signedOut' };

import { index, route, type RouteConfig } from '@react-router/dev/routes';

/**
 * Explicit route table. The seed's pattern URLs (`/{lev1}-region`, `/candidate/{id}-from-{loc}`…)
 * cannot be expressed as React Router segments, so a few catch-alls hand them to lib/urls.ts.
 */
export default [
  index('routes/home.tsx'),
  route('About', 'routes/about.tsx', { id: 'about' }),
  route('PrivacyPolicy', 'routes/about.tsx', { id: 'privacy' }),
  route('TermsAndConditions', 'routes/about.tsx', { id: 'terms' }),
  route('search', 'routes/search.tsx'),
  route('Contact', 'routes/contact.tsx'),
  route('Regions', 'routes/regions.tsx'),
  route('Districts', 'routes/districts.tsx'),
  route('political-parties', 'routes/parties.tsx'),
  route('political-parties/:party', 'routes/party.tsx'),
  route('eventCalendar', 'routes/calendar.tsx'),
  route('convertToPdf', 'routes/convert-to-pdf.tsx'),
  route('activeUserProfile', 'routes/profile.tsx'),
  route('signin', 'routes/signin.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('recovery', 'routes/recovery.tsx'),
  route('verify', 'routes/verify.tsx'),
  route('invite', 'routes/invite.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  route('signout', 'routes/signout.ts'),
  route('eventCalendar.ics', 'routes/calendar-feed.ts'),
  route('events/:eventId.ics', 'routes/event-ics.ts'),
  route('candidate/:candidateRef', 'routes/candidate.tsx'),
  route('compare', 'routes/compare.tsx'),
  route('compare/selection', 'routes/compare-selection.ts'),
  route('results/:election/:office/:place', 'routes/results.tsx'),
  route('districts/:districtRef', 'routes/district-pages.tsx'),
  route('share-image/:kind/:file', 'routes/share-image.ts'),
  route('my-ballot', 'routes/my-ballot.tsx'),
  route('my-ballot/:area/:election?', 'routes/my-ballot-ballot.tsx'),
  route(':areaRef', 'routes/area-pages.tsx'),
  route('set-language', 'routes/set-language.ts'),
  route('builds/latest.json', 'routes/build-latest.ts'),
  route('strings/:build/:file', 'routes/strings.ts'),
  route('builds/meta/:buildFile', 'routes/build-meta.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemap/:part', 'routes/sitemap-part.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // The editors' console is not in this table, which every visitor downloads: its addresses reach
  // `:areaRef` (the console's root) and `*`, which show it to editors only (lib/console/unmatched-path.server.ts).
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

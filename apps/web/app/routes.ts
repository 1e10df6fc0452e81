import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { CONSOLE_PATH, CONSOLE_SHELL_ROUTE_ID } from './lib/console/paths';

const consoleRoot = CONSOLE_PATH.slice(1);

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
  route('activeUserProfile', 'routes/profile.tsx'),
  route('signin', 'routes/signin.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('recovery', 'routes/recovery.tsx'),
  route('verify', 'routes/verify.tsx'),
  route('invite', 'routes/invite.tsx'),
  route('signout', 'routes/signout.ts'),
  route('eventCalendar.ics', 'routes/calendar-feed.ts'),
  route('events/:eventId.ics', 'routes/event-ics.ts'),
  route('candidate/:candidateRef', 'routes/candidate.tsx'),
  route('districts/:districtRef', 'routes/district-pages.tsx'),
  // The editors' console: its shell admits members of `editors`; anybody else gets the ordinary 404.
  layout('routes/console-shell.tsx', { id: CONSOLE_SHELL_ROUTE_ID }, [
    route(consoleRoot, 'routes/console-dashboard.tsx'),
    route(`${consoleRoot}/messages`, 'routes/console-messages.tsx'),
    route(`${consoleRoot}/messages/:messageId`, 'routes/console-messages.tsx', { id: 'console-message' }),
    route(`${consoleRoot}/team`, 'routes/console-team.tsx'),
    route(`${consoleRoot}/:collection`, 'routes/console-collection.tsx'),
    route(`${consoleRoot}/:collection/new`, 'routes/console-record.tsx', { id: 'console-record-new' }),
    route(`${consoleRoot}/:collection/:documentId`, 'routes/console-record.tsx'),
    route(`${consoleRoot}/:collection/:documentId/delete`, 'routes/console-delete.tsx'),
  ]),
  route(':areaRef', 'routes/area-pages.tsx'),
  route('set-language', 'routes/set-language.ts'),
  route('builds/latest.json', 'routes/build-latest.ts'),
  route('builds/meta/:buildFile', 'routes/build-meta.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('sitemap/:part', 'routes/sitemap-part.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;

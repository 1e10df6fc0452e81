// Team invitations over real SMTP: an owner of `editors` invites new addresses, the mail arrives in
// the language of the request with a link to the site's /invite, and that link, followed in
// Chromium against a server that also serves the site, ends with the invitee signed in and a member.
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfNeeded } from '../../../../../scripts/web-build.ts';
import { DESKTOP_UA } from '../../../../../tests/e2e/support/browser.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../../../../../tests/e2e/support/ensure-chromium.ts';
import { snapshotWebBuild } from '../../../../../tests/e2e/support/web-build.ts';
import { call, freshCredentials, linkIn, ok, SESSION_COOKIE, sessionTokenOf, signIn, signUp, type Credentials } from '../../support/account-http.ts';
import { siteSchemaCopy } from '../../support/site-schema-copy.ts';
import { asOperator, describeEachEngine } from '../../support/scenario.ts';
import { startSmtpInbox, type SmtpInbox } from '../../support/smtp-inbox.ts';
import { startTestServer, TEST_PROJECT, type TestServer } from '../../support/test-server.ts';

const INVITE_PAGE = 'http://allowed.test/invite';

const MAILS = {
  en: { subject: 'Invitation to join Editors on Ballot Atlas', intro: 'invited you to join the team Editors on Ballot Atlas.' },
  fr: { subject: 'Invitation à rejoindre Editors sur Ballot Atlas', intro: 'vous invite à rejoindre l’équipe Editors sur Ballot Atlas.' },
  sw: { subject: 'Mwaliko wa kujiunga na Editors kwenye Ballot Atlas', intro: 'amekualika ujiunge na timu ya Editors kwenye Ballot Atlas.' },
} as const;

/** The project's own schema (it declares the `editors` team), under the test servers' project id. */
const schemaCopy = siteSchemaCopy();
const SCHEMA = schemaCopy.file;

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(async () => {
  await smtp?.close();
  schemaCopy.remove();
});

/** A signed-up account that the operator made an owner of `editors`, signed in. */
async function signedInOwner(server: TestServer): Promise<Credentials & { token: string }> {
  const credentials = await signUp(server, 'owner');
  await asOperator(server, 'POST', '/v1/teams/editors/memberships', { userId: credentials.id, roles: ['owner'] });
  return { ...credentials, token: (await signIn(server, credentials)).token };
}

/** The owner invites `email` as an editor, in `language`; the membership the API answered with. */
async function invite(server: TestServer, owner: { token: string }, email: string, url: string, language: string) {
  return ok(server, 'POST', '/teams/editors/memberships', { session: owner.token, headers: { 'x-appwrite-locale': language }, body: { roles: ['editor'], email, url, name: 'Invited Imani' } });
}

describeEachEngine('team invitation mail over SMTP', (engine) => {
  let running: TestServer | undefined;
  let owner: Credentials & { token: string };
  beforeAll(async () => {
    running = await startTestServer({ engine, schemaFile: SCHEMA, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ballot Atlas <editors@atlas.test>' } });
    owner = await signedInOwner(running);
  });
  afterAll(async () => {
    await running?.close();
  });
  const server = (): TestServer => running!;

  for (const language of ['en', 'fr', 'sw'] as const) {
    it(`an invitation to a new address arrives in ${language}, and its link makes a signed-in member`, async () => {
      const { email } = freshCredentials(`invitee${language}`);
      const membership = await invite(server(), owner, email, INVITE_PAGE, language);
      expect(membership).toMatchObject({ teamId: 'editors', teamName: 'Editors', userEmail: email, userName: 'Invited Imani', roles: ['editor'], confirm: false, joined: '' });

      const mail = smtp.lastMailTo(email);
      expect(mail.from?.value).toEqual([{ name: 'Ballot Atlas', address: 'editors@atlas.test' }]);
      expect(mail.subject).toBe(MAILS[language].subject);
      expect(mail.text).toContain(MAILS[language].intro);
      const link = linkIn(mail.text ?? '');
      expect(`${link.origin}${link.pathname}`).toBe(INVITE_PAGE);
      expect(Object.fromEntries(link.searchParams)).toEqual({ membershipId: membership.$id, userId: membership.userId, secret: expect.stringMatching(/^[0-9a-f]{64,}$/), teamId: 'editors', teamName: 'Editors' });
      expect(mail.html).toContain(link.searchParams.get('secret'));

      // Accepting with the link's values signs in the invitee, whose new account has no password yet.
      const accepted = await call(server(), 'PATCH', `/teams/editors/memberships/${membership.$id}/status`, { body: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') } });
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toMatchObject({ $id: membership.$id, confirm: true });
      const session = sessionTokenOf(accepted);
      expect(await ok(server(), 'GET', '/account', { session })).toMatchObject({ email, name: 'Invited Imani', emailVerification: true, passwordUpdate: '' });
    });
  }
});

describe('the invitation link in Chromium', () => {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let build: ReturnType<typeof snapshotWebBuild> | undefined;
  beforeAll(async () => {
    buildWebIfNeeded();
    build = snapshotWebBuild();
    // React picks its production build from NODE_ENV when the site's bundle first loads it; Vitest says "test".
    const nodeEnv = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'production';
    try {
      // SITE_URL names the host only: invitation links may point at this server, on whatever port it gets.
      server = await startTestServer({ schemaFile: SCHEMA, env: { SMTP_URL: smtp.url, SITE_URL: 'http://127.0.0.1', WEB_BUILD_DIR: build.directory }, appOptions: { web: true } });
    } finally {
      if (nodeEnv === undefined) delete process.env['NODE_ENV'];
      else process.env['NODE_ENV'] = nodeEnv;
    }
    // The site reads these on its first request (env.server.ts).
    Object.assign(process.env, { API_ENDPOINT: server.endpoint, PROJECT_ID: TEST_PROJECT, SITE_URL: server.url, LANGUAGES: 'en,fr,sw', DEFAULT_LANGUAGE: 'en' });
    browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true });
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    build?.dispose();
  });

  it('accepting from the mailed link signs the invitee in as a member of Editors', async () => {
    const owner = await signedInOwner(server!);
    const { email } = freshCredentials('chromium');
    await invite(server!, owner, email, `${server!.url}/invite`, 'sw');
    const link = linkIn(smtp.lastMailTo(email).text ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${server!.url}/invite`);

    const context = await browser!.newContext({ baseURL: server!.url, userAgent: DESKTOP_UA });
    try {
      const page = await context.newPage();
      await page.goto(link.href);
      await page.getByText('You are invited to join Editors').waitFor();
      await page.getByRole('button', { name: 'Accept the invitation' }).click();
      await page.waitForURL((url) => url.pathname === '/invite' && url.searchParams.get('joined') === 'editors');
      await page.getByRole('heading', { name: 'Welcome to Editors' }).waitFor();
      // The secret is gone from the address once used.
      expect(page.url()).not.toContain('secret');

      // The browser holds the invitee's session: the API, asked with that cookie, says who and where.
      const cookie = (await context.cookies()).find((candidate) => candidate.name === SESSION_COOKIE);
      expect(cookie, 'session cookie').toBeDefined();
      const session = decodeURIComponent(cookie!.value);
      expect((await ok(server!, 'GET', '/account', { session })).email).toBe(email);
      const { memberships } = await ok(server!, 'GET', '/teams/editors/memberships', { session });
      expect(memberships.find((membership: { userEmail: string }) => membership.userEmail === email)).toMatchObject({ confirm: true, roles: ['editor'] });

      // The profile's Teams section says so too.
      await page.goto('/activeUserProfile');
      await page.getByTestId('team').filter({ hasText: 'Editors' }).getByText('Editor', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});

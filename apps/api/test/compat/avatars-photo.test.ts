// avatars.getPhoto (SDK 28 only; Appwrite: src/Appwrite/Platform/Modules/Avatars/Http/Photo/Get.php).
// The URL the SDK builds is loaded as an <img> would load it, with the session cookie; the bytes
// are decoded with sharp. We draw initials or the silhouette; no Gravatar or Libravatar fetch.
import { Avatars, Client } from 'appwrite28';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialsOf, themeFor } from '../../src/services/avatars/initials.ts';
import { freshUser, SESSION_COOKIE } from './support/accounts.ts';
import { engines } from './support/engines.ts';
import { startTestServer, TEST_PROJECT, type TestServer } from '../support/test-server.ts';

/** The object form of SDK 28's getPhoto (the type of an overloaded method cannot be picked). */
interface PhotoOptions {
  width?: number;
  height?: number;
  quality?: number;
  output?: string;
}

function photoUrl(server: TestServer, options: PhotoOptions = {}): string {
  return new Avatars(new Client().setEndpoint(server.endpoint).setProject(TEST_PROJECT)).getPhoto(options);
}

async function load(url: string, token?: string) {
  const response = await fetch(url, token ? { headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } } : {});
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

async function pixel(image: Buffer, left: number, top: number): Promise<string> {
  const rgb = await sharp(image).extract({ left, top, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
  return `#${rgb.toString('hex')}`;
}

async function post(server: TestServer, path: string, body: object): Promise<Response> {
  const response = await fetch(`${server.endpoint}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-appwrite-project': TEST_PROJECT }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(201);
  return response;
}

/** A session for a new account with this name (signed up through the API), from its session cookie. */
async function sessionOf(server: TestServer, label: string, name: string): Promise<string> {
  const user = freshUser(label);
  await post(server, '/account', { userId: 'unique()', email: user.email, password: user.password, name });
  const response = await post(server, '/account/sessions/email', { email: user.email, password: user.password });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`))!;
  return decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!);
}

for (const { engine, available } of engines) describe.skipIf(!available)(`avatars.getPhoto [appwrite@28.0.0, ${engine}]`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine, env: { ABUSE_LIMITS: 'disabled' } });
  });
  afterAll(() => server.close());

  it("a signed-in user's photo is their initials on their theme colour, 256×256 PNG, never cached by others", async () => {
    const token = await sessionOf(server, 'photo', 'Amina Diallo');
    const { response, body } = await load(photoUrl(server), token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    expect(await pixel(body, 2, 2)).toBe(themeFor(initialsOf('Amina Diallo')).toLowerCase());
  });

  it('a guest gets the silhouette: the first theme colour around a light head', async () => {
    const { response, body } = await load(photoUrl(server, { width: 100, height: 100 }));
    expect(response.status).toBe(200);
    expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 100, height: 100 });
    expect(await pixel(body, 2, 2)).toBe('#fd366e');
    expect(await pixel(body, 50, 38)).not.toBe('#fd366e');
  });

  it('width, height, output and quality shape the picture; a format outside the list is 400', async () => {
    const token = await sessionOf(server, 'formats', 'Kofi Mensah');
    const webp = await load(photoUrl(server, { width: 80, height: 40, output: 'webp', quality: 50 }), token);
    expect(webp.response.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(webp.body).metadata()).toMatchObject({ format: 'webp', width: 80, height: 40 });
    const jpeg = await load(photoUrl(server, { width: 64, output: 'jpg' }), token);
    expect(await sharp(jpeg.body).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 256 });
    const refused = await load(`${server.endpoint}/avatars/photo?project=${TEST_PROJECT}&output=gif`);
    expect(refused.response.status).toBe(400);
    expect(JSON.parse(refused.body.toString())).toMatchObject({ type: 'general_argument_invalid', code: 400 });
  });
});

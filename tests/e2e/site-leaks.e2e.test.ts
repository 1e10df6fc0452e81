/**
 * Issue 11 item 2, the site's half: what the site sends a visitor — every page's HTML and the
 * loader data a client navigation fetches (`.data`) — carries no `$permissions`, no permission
 * strings, and nothing of a contact message (readable by editors only).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { e2e, siteFetch } from './support/browser.ts';
import { allPages } from './support/pages.ts';

const marker = `leak-check-${Date.now().toString(36)}`;
const FORBIDDEN = [/\$permissions/, /read\(\\?"/, /team:editors/, new RegExp(marker)];

/** The URL React Router fetches for a client navigation to `path`. */
function dataUrl(path: string): string {
  const url = new URL(path, 'http://site');
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`;
  return `${url.pathname}${url.search}`;
}

describe('nothing private in what the site sends', () => {
  beforeAll(async () => {
    const { url, projectId } = e2e();
    const created = await fetch(`${url}/v1/databases/main/collections/contact_messages/documents`, {
      method: 'POST',
      headers: { 'X-Appwrite-Project': projectId, 'Content-Type': 'application/json' },
      body: JSON.stringify({ documentId: 'unique()', data: { name: `Name ${marker}`, email: `${marker}@example.org`, subject: `Subject ${marker}`, message: `A private message ${marker} long enough.` } }),
    });
    expect(created.status).toBe(201);
  });

  it('pages and their loader data hold no permissions and no contact message', async () => {
    const pages = await allPages();
    for (const page of pages) {
      for (const path of [page.path, dataUrl(page.path)]) {
        const response = await siteFetch(path);
        const body = await response.text();
        for (const pattern of FORBIDDEN) expect(body, `${path}: ${pattern}`).not.toMatch(pattern);
      }
    }
    console.log(`${pages.length} pages and their loader data checked`);
  });
});

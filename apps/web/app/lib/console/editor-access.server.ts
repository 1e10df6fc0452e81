import { Account, Query, Teams } from 'appwrite';
import { hasSessionCookie } from '../account/session-cookie';
import { serverClient } from '../appwrite.server';

export const EDITORS_TEAM_ID = 'editors';

export interface EditorAccess {
  userId: string;
  name: string;
  email: string;
  roles: string[];
  isOwner: boolean;
  membershipId: string;
}

/**
 * A console address that names nothing (an unknown collection), or a visitor who is no editor:
 * the address is then answered as any address no route serves (console-page.server.ts).
 */
export class NotAConsolePage extends Error {}

export function consoleNotFound(): never {
  throw new NotAConsolePage();
}

// The loaders of one page share its Request: the API is asked once per page, not once per loader.
const accessByRequest = new WeakMap<Request, Promise<EditorAccess | null>>();

/** The visitor's confirmed membership of `editors`, or null (guest, other user, MFA pending, API trouble). */
export function editorAccessOf(request: Request): Promise<EditorAccess | null> {
  let access = accessByRequest.get(request);
  if (!access) {
    access = lookUpEditorAccess(request);
    accessByRequest.set(request, access);
  }
  return access;
}

async function lookUpEditorAccess(request: Request): Promise<EditorAccess | null> {
  if (!hasSessionCookie(request.headers.get('cookie'))) return null;
  try {
    const client = serverClient(request);
    const user = await new Account(client).get();
    const { memberships } = await new Teams(client).listMemberships({
      teamId: EDITORS_TEAM_ID,
      queries: [Query.equal('userId', user.$id), Query.limit(1)],
      total: false,
    });
    const membership = memberships.find((candidate) => candidate.userId === user.$id && candidate.confirm);
    if (!membership) return null;
    return {
      userId: user.$id,
      name: user.name,
      email: user.email,
      roles: membership.roles,
      isOwner: membership.roles.includes('owner'),
      membershipId: membership.$id,
    };
  } catch {
    return null;
  }
}

/** The signed-in editor (role `editor` or `owner`); anybody else gets the ordinary 404 page. */
export async function requireEditor(request: Request): Promise<EditorAccess> {
  return (await editorAccessOf(request)) ?? consoleNotFound();
}

/**
 * Sign-ups by guests, and invitations into the editors team by its owner (mailed) and by the API
 * key (confirmed at once). Paced: each costs a password hash, and the CPU is shared with the uploads.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { TrackedAccount, TrackedInvitation } from './acknowledged-writes.ts';
import { API_KEY, call, expectStatus, ServerGone } from './durability-client.ts';
import { EDITORS_TEAM } from './durability-schema.ts';
import type { WriterContext } from './writer-context.ts';

const PAUSE_MS = { min: 20, max: 120 };

export async function writeSignUps(context: WriterContext, label: string): Promise<void> {
  const { writes, random } = context;
  while (context.running()) {
    const id = `${label}${writes.accounts.length + 1}x${random.int(0, 1e9).toString(36)}`;
    const account: TrackedAccount = { id, email: `${id}@durability.test`, password: `pw-${random.int(0, 1e12).toString(36)}-secret`, state: 'in-flight' };
    writes.accounts.push(account);
    try {
      expectStatus(`sign-up ${id}`, await call(context.endpoint, { kind: 'guest' }, 'POST', '/account', { userId: id, email: account.email, password: account.password }), 201);
    } catch (error) {
      if (error instanceof ServerGone) return;
      throw error;
    }
    account.state = 'acked';
    writes.acknowledged.accounts++;
    await sleep(random.int(PAUSE_MS.min, PAUSE_MS.max));
  }
}

export async function writeInvitations(context: WriterContext, label: string): Promise<void> {
  const { writes, random } = context;
  while (context.running()) {
    const by = random.chance(0.5) ? ('editor' as const) : ('key' as const);
    const email = `${label}${writes.invitations.length + 1}x${random.int(0, 1e9).toString(36)}@invited.test`;
    const invitation: TrackedInvitation = { email, by, state: 'in-flight' };
    writes.invitations.push(invitation);
    const caller = by === 'key' ? API_KEY : writes.editor!.caller;
    const body = { email, roles: ['editor'], ...(by === 'editor' ? { url: 'http://allowed.test/invite' } : {}) };
    try {
      const answer = expectStatus(`invite ${email}`, await call(context.endpoint, caller, 'POST', `/teams/${EDITORS_TEAM}/memberships`, body), 201);
      invitation.membershipId = answer.json.$id;
    } catch (error) {
      if (error instanceof ServerGone) return;
      throw error;
    }
    invitation.state = 'acked';
    writes.acknowledged.invitations++;
    await sleep(random.int(PAUSE_MS.min, PAUSE_MS.max));
  }
}

import { createHash } from 'node:crypto';

/** Appwrite's limit on resource ids. */
const MAX_ID_LENGTH = 36;

function topicIdFor(prefix: string, recordId: string): string {
  const plain = `${prefix}-${recordId}`;
  if (plain.length <= MAX_ID_LENGTH) return plain;
  // A long record id would overflow the topic id; a hash keeps it stable and unique enough.
  return `${prefix}-${createHash('sha256').update(recordId).digest('hex').slice(0, 16)}`;
}

/**
 * The messaging topic of one election's updates and reminders. Server code only (node:crypto): the
 * API keeps the topics, the site's profile and console name them.
 */
export function electionTopicId(electionId: string): string {
  return topicIdFor('election', electionId);
}

/** The messaging topic of one region's updates. */
export function regionTopicId(regionId: string): string {
  return topicIdFor('region', regionId);
}

import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { siteEnv } from '../../../lib/env.server';
import { followableTopics } from '../../../lib/messaging/topics.server';
import type { UpdatesData } from './types';

/** The languages an update may come in besides the site's default one. */
export function translationLanguages(): string[] {
  const { languages, defaultLanguage } = siteEnv();
  return languages.filter((language) => language !== defaultLanguage);
}

/** `/…/updates`: the topics to send to; `?sent=…&topic=…` after a send. */
export async function updatesLoader(request: Request): Promise<UpdatesData> {
  await requireEditor(request);
  const topics = await followableTopics(request);
  const url = new URL(request.url);
  const messageId = url.searchParams.get('sent') ?? '';
  const topicId = url.searchParams.get('topic') ?? '';
  const sent = isValidId(messageId) && topics.some((topic) => topic.id === topicId) ? { messageId, topicId } : null;
  return { topics, languages: translationLanguages(), sent };
}

import type { Problem } from '../../../lib/account/problem';
import type { TopicChoice } from '../../../lib/messaging/topic-choice';
import type { SendUpdateBody, UpdateFieldError } from './update-form';

export interface UpdatesData {
  topics: TopicChoice[];
  /** The languages an update may have its own version in (the site's, but its default). */
  languages: string[];
  /** The update just sent (after the redirect that follows sending). */
  sent: { messageId: string; topicId: string } | null;
}

/** The form's answer when it stays on the page: a preview, or what is wrong. */
export interface UpdatesResult {
  values: Record<string, string>;
  errors?: Record<string, UpdateFieldError>;
  preview?: SendUpdateBody;
  problem?: Problem;
}

import { MailX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { Notice } from '../../components/account/alerts';
import { AuthPage } from '../../components/account/auth-page';
import { buttonClass } from '../../components/account/buttons';
import { UPDATES_TOPIC_ID } from '../../lib/messaging/topic-choice';
import { staticPaths } from '../../lib/urls';
import type { UnsubscribeData, UnsubscribeResult } from './types';

const SUBSCRIPTIONS_PATH = `${staticPaths.profile}#subscriptions`;

function Links({ primary }: { primary: 'manage' | 'home' }) {
  const { t } = useTranslation('profile');
  return (
    <p className="flex flex-wrap gap-3">
      <Link to={SUBSCRIPTIONS_PATH} className={buttonClass(primary === 'manage' ? 'primary' : 'secondary')}>
        {t('unsubscribe.manage')}
      </Link>
      <Link to={staticPaths.home} className={buttonClass(primary === 'home' ? 'primary' : 'secondary')}>
        {t('unsubscribe.home')}
      </Link>
    </p>
  );
}

/** `/unsubscribe?token=…`: the topic, a button (the link alone changes nothing), then a confirmation. */
export function UnsubscribePage({ data, result }: { data: UnsubscribeData; result: UnsubscribeResult | undefined }) {
  const { t } = useTranslation('profile');
  const location = useLocation();
  const navigation = useNavigation();
  const topic = result && 'topic' in result ? result.topic : data.topic;
  if (!topic || (result && 'invalid' in result)) {
    return (
      <AuthPage title={t('unsubscribe.invalidTitle')}>
        <div className="space-y-4">
          <p>{t('unsubscribe.invalidBody')}</p>
          <Links primary="home" />
        </div>
      </AuthPage>
    );
  }
  const name = topic.topicId === UPDATES_TOPIC_ID ? t('subscriptions.updates') : topic.topicName;
  const done = (result && 'unsubscribed' in result) || !topic.subscribed;
  // A link already used names no topic any more (the API keeps nothing of a removed subscription).
  const doneBody = name ? t('unsubscribe.doneBody', { topic: name }) : t('unsubscribe.alreadyBody');
  const pending = navigation.state === 'submitting';
  return (
    <AuthPage title={t('unsubscribe.title')}>
      {done ? (
        <div className="space-y-4">
          <Notice title={t('unsubscribe.done')}>
            <p>{doneBody}</p>
          </Notice>
          <Links primary="manage" />
        </div>
      ) : (
        <Form method="post" action={`${location.pathname}${location.search}`} className="space-y-4">
          <p>{t('unsubscribe.subscribed', { topic: name })}</p>
          <p className="text-slate-700 dark:text-slate-300">{t('unsubscribe.question')}</p>
          {/* The body RFC 8058 prescribes, so the button and a mail provider's one-click post are the same request. */}
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" disabled={pending} className={buttonClass('primary')}>
            <MailX aria-hidden="true" className="size-4" />
            {pending ? t('unsubscribe.pending') : t('unsubscribe.button')}
          </button>
        </Form>
      )}
    </AuthPage>
  );
}

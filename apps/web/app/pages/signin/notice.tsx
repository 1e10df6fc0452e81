import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/account/alerts';
import type { SigninNotice } from './types';

/** What happened before the visitor landed here (signed out, password changed…). */
export function SigninNoticeBox({ notice }: { notice: SigninNotice }) {
  const { t } = useTranslation('account');
  return (
    <Notice tone={notice === 'blocked' ? 'info' : 'success'} title={t(`signin.notice.${notice}.title`)}>
      <p>{t(`signin.notice.${notice}.body`)}</p>
    </Notice>
  );
}

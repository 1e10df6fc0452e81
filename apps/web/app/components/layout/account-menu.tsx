import { LogIn, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation } from 'react-router';
import { safeNextPath, withNext } from '../../lib/account/next-path';
import { staticPaths } from '../../lib/urls';
import { useRootData } from '../../lib/root-data';

/** The header's account corner: "Sign in" (for an anonymous guest too), or the signed-in name (to the profile) and "Sign out". */
export function AccountMenu() {
  const { t } = useTranslation('common');
  const { viewer } = useRootData();
  const location = useLocation();
  const linkClass = 'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-100 hover:text-green-800 dark:text-slate-100 dark:hover:bg-slate-800 dark:hover:text-green-400';

  if (viewer.status === 'signedOut' || viewer.status === 'anonymous') {
    // Back to this page after signing in (the sign-in pages themselves send to the profile).
    const next = safeNextPath(location.pathname + location.search);
    return (
      <Link to={withNext(staticPaths.signin, next)} className={linkClass}>
        <LogIn aria-hidden="true" className="size-4" />
        {/* The narrowest phones need the room for the site's name. */}
        <span className="sr-only min-[400px]:not-sr-only">{t('account.signIn')}</span>
      </Link>
    );
  }
  if (viewer.status === 'secondFactor') {
    return (
      <Link to={staticPaths.signin} className={linkClass}>
        <LogIn aria-hidden="true" className="size-4" />
        {t('account.finishSignIn')}
      </Link>
    );
  }
  const who = viewer.name || viewer.email;
  return (
    <div className="flex min-w-0 items-center gap-1">
      <Link to={staticPaths.profile} className={`${linkClass} min-w-0`} title={t('account.profileOf', { who })}>
        <UserRound aria-hidden="true" className="size-4 shrink-0" />
        <span className="sr-only">{t('account.profile')}: </span>
        {/* Phones show the icon only: the header has no room for a name beside the brand. */}
        <span className="hidden max-w-[8rem] truncate sm:inline-block xl:max-w-[12rem]">{who}</span>
        <span className="sr-only sm:hidden">{who}</span>
      </Link>
      <Form method="post" action={staticPaths.signout}>
        <button type="submit" name="intent" value="signout" title={t('account.signOut')} className="rounded-md p-1.5 text-slate-700 hover:bg-slate-100 hover:text-green-800 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-green-400">
          <LogOut aria-hidden="true" className="size-4" />
          <span className="sr-only">{t('account.signOut')}</span>
        </button>
      </Form>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The seed's error page: "{status} ERROR", the 4xx or 5xx sentence, and a Go Home button; a 503 also says to try again. */
export function ErrorPage({ status, message: given }: { status: number; message?: string }) {
  const { t } = useTranslation('common');
  const message = given ?? (status === 503 ? t('error.unavailable') : undefined);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center" aria-labelledby="error-title">
      <h1 id="error-title" className="text-4xl font-bold tracking-tight text-green-800 dark:text-green-400">
        {status} ERROR
      </h1>
      {message ? <p className="font-medium">{message}</p> : null}
      <p className="text-slate-700 dark:text-slate-300">{status >= 400 && status < 500 ? t('error.clientSentence') : t('error.serverSentence')}</p>
      <Link to="/" className="rounded-md bg-green-700 px-5 py-2.5 font-semibold text-white hover:bg-green-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700">
        {t('error.goHome')}
      </Link>
    </section>
  );
}

export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'object' && error.data && 'message' in error.data ? String((error.data as { message: unknown }).message) : undefined;
    return <ErrorPage status={error.status} message={message} />;
  }
  if (typeof window !== 'undefined') console.error(error);
  return <ErrorPage status={500} />;
}

import { Vote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteMessages } from '../../lib/route-messages';
import { ballotPath, MY_BALLOT_PATH } from '../my-ballot/paths';
import type { BallotOffer } from '../my-ballot/remembered.server';

/** "Your ballot in Kalenga" for a browser that chose its place in My ballot; "Find your ballot" for everyone else. */
export function YourBallot({ offer }: { offer: BallotOffer }) {
  useRouteMessages(offer.messages);
  const { t } = useTranslation('my-ballot');
  const { place } = offer;
  return (
    <p className="mb-8">
      <Link
        to={place ? ballotPath(place.slug) : MY_BALLOT_PATH}
        className="flex items-center gap-3 rounded-lg border border-green-300 bg-green-50 px-4 py-3 hover:border-green-600 dark:border-green-800 dark:bg-green-950/60 dark:hover:border-green-500"
      >
        <Vote aria-hidden="true" className="size-6 shrink-0 text-green-800 dark:text-green-400" />
        <span className="min-w-0">
          <span className="block break-words text-lg font-semibold text-green-900 dark:text-green-300">{place ? t('home.offer', { place: place.name }) : t('home.find')}</span>
          <span className="block text-sm text-slate-700 dark:text-slate-300">{t('home.offerHint')}</span>
        </span>
      </Link>
    </p>
  );
}

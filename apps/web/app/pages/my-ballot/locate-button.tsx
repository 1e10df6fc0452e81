import { LocateFixed } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MY_BALLOT_PATH } from './paths';

type Phase = 'idle' | 'locating' | 'failed';

/**
 * "Use my location", shown only once the page runs JavaScript in a browser that has geolocation:
 * the position goes to the server (`?lat=&lng=`), which finds the electoral area around it.
 */
export function LocateButton() {
  const { t } = useTranslation('my-ballot');
  const navigate = useNavigate();
  const [available, setAvailable] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  useEffect(() => setAvailable(typeof navigator !== 'undefined' && 'geolocation' in navigator), []);
  if (!available) return null;

  const locate = (): void => {
    setPhase('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setPhase('idle');
        navigate(`${MY_BALLOT_PATH}?${new URLSearchParams({ lat: coords.latitude.toFixed(5), lng: coords.longitude.toFixed(5) })}`);
      },
      () => setPhase('failed'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  };

  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={locate}
        disabled={phase === 'locating'}
        className="inline-flex items-center gap-2 rounded-md border border-green-700 px-4 py-2 font-semibold text-green-800 hover:bg-green-50 disabled:opacity-70 dark:border-green-500 dark:text-green-300 dark:hover:bg-green-950"
      >
        <LocateFixed aria-hidden="true" className="size-5" />
        {phase === 'locating' ? t('locate.locating') : t('locate.button')}
      </button>
      <p role="status" className="mt-2 text-sm text-slate-700 empty:hidden dark:text-slate-300">
        {phase === 'failed' ? t('locate.failed') : ''}
      </p>
    </div>
  );
}

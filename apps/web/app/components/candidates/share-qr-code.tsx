import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { densitySrcSet, qrUrl } from '../../lib/media';
import { Picture } from '../media/picture';

const QR_SIZE = 160;
const DOWNLOAD_SIZE = 600;

/** A QR code of the page's canonical address, to scan from the screen or download as a PNG. */
export function ShareQrCode({ projectId, url }: { projectId: string; url: string }) {
  const { t } = useTranslation('candidates');
  const qr = (scale: number) => qrUrl(projectId, url, QR_SIZE * scale);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-x-4 gap-y-2">
      {/* A white frame widens the quiet zone, so phones read the code on the dark theme too. */}
      <span className="inline-block rounded-md bg-white p-2 ring-1 ring-slate-900/10 dark:ring-white/20">
        <Picture src={qr(1)} srcSet={densitySrcSet(qr)} width={QR_SIZE} height={QR_SIZE} alt={t('share.qrAlt')} className="block size-40" />
      </span>
      <a
        href={qrUrl(projectId, url, DOWNLOAD_SIZE, true)}
        download="qr.png"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400"
      >
        <Download aria-hidden="true" className="size-4" />
        {t('share.downloadQr')}
      </a>
    </div>
  );
}

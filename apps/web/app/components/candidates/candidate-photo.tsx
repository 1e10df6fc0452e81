import { cn } from '../../lib/cn';
import { densitySrcSet, initialsUrl, previewUrl, widthSrcSet, type ImageFormat } from '../../lib/media';
import { Picture } from '../media/picture';

/**
 * How a candidate's picture is shown: `row` beside a name in a list (a 44 px disc), `hero` at the
 * top of the candidate page (a 4:5 portrait, 128 px wide on phones, 160 px from `sm` up).
 */
export type CandidatePhotoVariant = 'row' | 'hero';

const ROW_SIZE = 44;
const HERO = { width: 160, height: 200, widths: [128, 160, 256, 320, 480], sizes: '(min-width: 40rem) 160px, 128px' };
const HERO_RATIO = HERO.height / HERO.width;

const frame = 'shrink-0 bg-slate-100 object-cover ring-1 ring-slate-900/10 dark:bg-slate-800 dark:ring-white/20';
const classes: Record<CandidatePhotoVariant, string> = {
  row: cn(frame, 'size-11 rounded-full'),
  hero: cn(frame, 'h-40 w-32 rounded-xl sm:h-50 sm:w-40'),
};

export interface CandidatePhotoProps {
  projectId: string;
  name: string;
  photoFileId: string | null | undefined;
  /** The party's colour: the background of the initials when there is no photo. */
  colour: string | null | undefined;
  /** Describes the photo ("Photo of …"); initials are decorative, the name is always written beside them. */
  alt: string;
  variant: CandidatePhotoVariant;
  priority?: boolean;
}

/**
 * The candidate's photo from Storage (AVIF or WebP, JPEG fallback; cropped from the top, where the
 * face is), or their initials on the party colour from Avatars when they have none.
 */
export function CandidatePhoto({ projectId, name, photoFileId, colour, alt, variant, priority = false }: CandidatePhotoProps) {
  const className = classes[variant];
  if (variant === 'row') {
    const square = (scale: number) => ({ width: ROW_SIZE * scale, height: ROW_SIZE * scale });
    if (!photoFileId) {
      const initials = (scale: number) => initialsUrl(projectId, name, square(scale), colour);
      return <Picture src={initials(1)} srcSet={densitySrcSet(initials)} width={ROW_SIZE} height={ROW_SIZE} alt="" priority={priority} className={className} />;
    }
    const photo = (output: ImageFormat) => densitySrcSet((scale) => previewUrl(projectId, photoFileId, { ...square(scale), gravity: 'top', output }));
    return (
      <Picture
        avif={photo('avif')}
        webp={photo('webp')}
        src={previewUrl(projectId, photoFileId, { ...square(1), gravity: 'top', output: 'jpg' })}
        srcSet={photo('jpg')}
        width={ROW_SIZE}
        height={ROW_SIZE}
        alt={alt}
        priority={priority}
        className={className}
      />
    );
  }
  const portrait = (width: number) => ({ width, height: Math.round(width * HERO_RATIO) });
  if (!photoFileId) {
    const initials = widthSrcSet((width) => initialsUrl(projectId, name, portrait(width), colour), HERO.widths);
    return (
      <Picture
        src={initialsUrl(projectId, name, portrait(HERO.width), colour)}
        srcSet={initials}
        sizes={HERO.sizes}
        width={HERO.width}
        height={HERO.height}
        alt=""
        priority={priority}
        className={className}
      />
    );
  }
  const photo = (output: ImageFormat) => widthSrcSet((width) => previewUrl(projectId, photoFileId, { ...portrait(width), gravity: 'top', output }), HERO.widths);
  return (
    <Picture
      avif={photo('avif')}
      webp={photo('webp')}
      src={previewUrl(projectId, photoFileId, { ...portrait(HERO.width), gravity: 'top', output: 'jpg' })}
      srcSet={photo('jpg')}
      sizes={HERO.sizes}
      width={HERO.width}
      height={HERO.height}
      alt={alt}
      priority={priority}
      className={className}
    />
  );
}

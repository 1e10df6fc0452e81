import { cn } from '../../lib/cn';
import { readableTextOn, safeColour } from '../../lib/colour-contrast';
import { densitySrcSet, previewUrl, type ImageFormat } from '../../lib/media';
import { Picture } from '../media/picture';

/** "Green-Earth Alliance" → "GEA", for parties recorded without an abbreviation. */
function acronymOf(name: string): string {
  return name
    .split(/[\s-]+/)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** CSS pixels: `md` in lists and cards, `lg` at the top of the party page. */
const SIZES = { md: 56, lg: 96 } as const;

export interface PartyLogoProps {
  projectId: string;
  name: string;
  abbreviation: string | null;
  colour: string | null;
  logoFileId: string | null | undefined;
  /** "… logo", translated. */
  alt: string;
  size?: keyof typeof SIZES;
  priority?: boolean;
}

/**
 * The party's logo from Storage (AVIF or WebP, PNG fallback so transparency survives), fitted
 * into a square without cropping. Without a logo: the abbreviation on a disc of the party colour,
 * drawn in CSS (a pill when the abbreviation is long), decorative since the party's name is
 * always written beside it. Its text is large and bold (WCAG "large text", 3:1), since for some
 * mid-tone colours neither white nor black reaches 4.5:1.
 */
export function PartyLogo({ projectId, name, abbreviation, colour, logoFileId, alt, size = 'md', priority = false }: PartyLogoProps) {
  const pixels = SIZES[size];
  const box = size === 'lg' ? 'size-24' : 'size-14';
  if (logoFileId) {
    const logo = (output: ImageFormat) => densitySrcSet((scale) => previewUrl(projectId, logoFileId, { width: pixels * scale, output }));
    return (
      <Picture
        avif={logo('avif')}
        webp={logo('webp')}
        src={previewUrl(projectId, logoFileId, { width: pixels, output: 'png' })}
        srcSet={logo('png')}
        width={pixels}
        height={pixels}
        alt={alt}
        priority={priority}
        className={cn('shrink-0 self-start object-contain', box)}
      />
    );
  }
  const background = safeColour(colour) ?? '#475569';
  const label = Array.from(abbreviation || acronymOf(name)).slice(0, 5).join('');
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center self-start rounded-full font-bold tracking-tight ring-1 ring-slate-900/10 dark:ring-white/20',
        size === 'lg' ? 'h-24 min-w-24 px-3 text-3xl' : 'h-14 min-w-14 px-2 text-xl',
      )}
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      {label}
    </span>
  );
}

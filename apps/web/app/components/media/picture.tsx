/** A picture in modern formats with a fallback `<img>`: see Picture. */
export interface PictureProps {
  /** `srcset` of AVIF and WebP renderings; left out for pictures that come in one format (initials, QR codes). */
  avif?: string;
  webp?: string;
  /** The fallback (JPEG or PNG) at 1x, and its `srcset`. */
  src: string;
  srcSet?: string;
  /** With width descriptors in the srcsets: the CSS width per viewport. */
  sizes?: string;
  /** The size it is shown at (CSS pixels; the largest when it varies), so nothing shifts while it loads. */
  width: number;
  height: number;
  alt: string;
  /** The above-the-fold picture of a page: fetched early and eagerly instead of lazily. */
  priority?: boolean;
  className?: string;
}

/**
 * `<picture>` with AVIF and WebP sources before the fallback `<img>`, which carries the size,
 * `alt` and loading hints. The `<picture>` itself is `display: contents` and its `<source>`s are
 * hidden (they are not by default, and would count as flex items with gaps), so the `<img>` lays
 * out as if it stood alone.
 */
export function Picture({ avif, webp, src, srcSet, sizes, width, height, alt, priority = false, className }: PictureProps) {
  const img = (
    <img
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? undefined : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
  if (!avif && !webp) return img;
  return (
    <picture className="contents [&>source]:hidden">
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      {webp ? <source type="image/webp" srcSet={webp} sizes={sizes} /> : null}
      {img}
    </picture>
  );
}

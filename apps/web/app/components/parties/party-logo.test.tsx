import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PartyLogo } from './party-logo';

const base = { projectId: 'test-project', name: 'Green-Earth Alliance', abbreviation: 'GEA', colour: '#2ECC71', alt: 'Green-Earth Alliance logo' };

describe('PartyLogo', () => {
  it('shows the stored logo as AVIF or WebP with a PNG fallback, fitted into its square', () => {
    const html = renderToStaticMarkup(<PartyLogo {...base} logoFileId="logo-p3" size="lg" priority />);
    expect(html).toContain('<source type="image/avif" srcSet="/v1/storage/buckets/media/files/logo-p3/preview?width=96&amp;quality=60&amp;output=avif&amp;project=test-project 1x, /v1/storage/buckets/media/files/logo-p3/preview?width=192&amp;');
    expect(html).toContain('src="/v1/storage/buckets/media/files/logo-p3/preview?width=96&amp;output=png&amp;project=test-project"');
    expect(html).toMatch(/width="96" height="96" alt="Green-Earth Alliance logo" fetchPriority="high" class="[^"]*object-contain/);
    expect(html).not.toContain('loading="lazy"');
  });

  it('without a logo draws the abbreviation on the party colour, with no image to break', () => {
    const html = renderToStaticMarkup(<PartyLogo {...base} abbreviation={null} logoFileId={null} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('background-color:#2ecc71');
    expect(html).toContain('>GEA</span>');
  });
});

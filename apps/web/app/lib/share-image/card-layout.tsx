import type { CSSProperties } from 'react';
import { SHARE_FONT_FAMILY } from './fonts.server';
import { SHARE_IMAGE_SIZE, type ShareCard } from './share-card';

/** The site's palette (Tailwind green and slate), as the card is drawn outside the stylesheet. */
const GREEN_700 = '#15803d';
const GREEN_800 = '#166534';
const SLATE_600 = '#475569';
const SLATE_700 = '#334155';
const SLATE_900 = '#0f172a';
const SLATE_200 = '#e2e8f0';

const PICTURE = { width: 360, height: 450 };

/** How long a title may be before it is drawn smaller, so three lines always fit. */
function titleSize(title: string): number {
  if (title.length <= 22) return 72;
  if (title.length <= 44) return 60;
  return 48;
}

const clamp = (lines: number): CSSProperties => ({ display: 'block', lineClamp: lines, overflow: 'hidden' }) as CSSProperties;

/**
 * The card as satori lays it out (flexbox only): an accent edge in the party's colour, the picture
 * on the left when there is one, the eyebrow, name, lines and party on the right, the site's name
 * at the foot. `pictureData` is the picture as a data: URL (satori fetches nothing itself).
 */
export function CardLayout({ card, pictureData }: { card: ShareCard; pictureData: string | null }) {
  const accent = card.accent ?? GREEN_700;
  const isLogo = card.picture?.kind === 'logo';
  return (
    <div style={{ width: SHARE_IMAGE_SIZE.width, height: SHARE_IMAGE_SIZE.height, display: 'flex', backgroundColor: '#ffffff', fontFamily: SHARE_FONT_FAMILY, color: SLATE_900 }}>
      <div style={{ width: 28, height: '100%', backgroundColor: accent }} />
      <div style={{ flex: 1, display: 'flex', flexDirection: 'column', padding: '56px 64px 44px 56px' }}>
        <div style={{ flex: 1, display: 'flex', alignItems: 'center' }}>
          {pictureData ? (
            <div
              style={{
                width: PICTURE.width,
                height: isLogo ? PICTURE.width : PICTURE.height,
                marginRight: 56,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                borderRadius: 24,
                overflow: 'hidden',
                border: `2px solid ${SLATE_200}`,
                backgroundColor: isLogo ? '#ffffff' : '#f1f5f9',
              }}
            >
              <img src={pictureData} width={isLogo ? PICTURE.width - 48 : PICTURE.width} height={isLogo ? PICTURE.width - 48 : PICTURE.height} style={{ objectFit: isLogo ? 'contain' : 'cover' }} />
            </div>
          ) : null}
          <div style={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <div style={{ fontSize: 30, color: SLATE_600, textTransform: 'uppercase', letterSpacing: 2 }}>{card.eyebrow}</div>
            <div style={{ ...clamp(3), fontSize: titleSize(card.title), fontWeight: 700, lineHeight: 1.1, marginTop: 16 }}>{card.title}</div>
            {card.lines.map((line) => (
              <div key={line} style={{ ...clamp(2), fontSize: 34, color: SLATE_700, marginTop: 20, lineHeight: 1.25 }}>
                {line}
              </div>
            ))}
            {card.party ? (
              <div style={{ display: 'flex', alignItems: 'center', marginTop: 28 }}>
                <div style={{ width: 36, height: 36, borderRadius: 18, backgroundColor: card.party.colour ?? SLATE_200, border: `2px solid ${SLATE_200}`, marginRight: 16 }} />
                <div style={{ ...clamp(1), fontSize: 34, fontWeight: 700, color: SLATE_700 }}>{card.party.name}</div>
              </div>
            ) : null}
          </div>
        </div>
        <div style={{ display: 'flex', alignItems: 'center', borderTop: `2px solid ${SLATE_200}`, paddingTop: 24 }}>
          <div style={{ width: 20, height: 20, borderRadius: 4, backgroundColor: GREEN_700, marginRight: 14 }} />
          <div style={{ fontSize: 32, fontWeight: 700, color: GREEN_800 }}>{card.siteName}</div>
        </div>
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CandidatePhoto } from '../../components/candidates/candidate-photo';
import { useMediaProject } from '../../components/media/use-media-project';
import { HighlightedText } from '../../components/search/highlighted-text';
import type { SearchHit } from './types';

function Swatch({ colour }: { colour: string | null }) {
  if (!colour) return null;
  return <span aria-hidden="true" className="inline-block size-2.5 shrink-0 rounded-full ring-1 ring-slate-400/50" style={{ backgroundColor: colour }} />;
}

/** What a result line shows under the name, per type. */
function Details({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation('search');
  const parts: ReactNode[] = [];
  switch (hit.type) {
    case 'candidates':
      if (hit.office) parts.push(hit.office);
      parts.push(
        hit.party ? (
          <span className="inline-flex items-center gap-1">
            <Swatch colour={hit.party.colour} />
            <abbr title={hit.party.name} className="no-underline">
              {hit.party.abbreviation}
            </abbr>
          </span>
        ) : (
          t('hit.independent')
        ),
      );
      if (hit.place) parts.push(hit.place);
      if (hit.election) parts.push(hit.election);
      if (hit.status !== 'nominated') parts.push(<strong className="font-semibold">{t(`status.${hit.status}`)}</strong>);
      break;
    case 'parties':
      if (hit.abbreviation) parts.push(hit.abbreviation);
      break;
    case 'regions':
      if (hit.code) parts.push(t('hit.region', { code: hit.code }));
      break;
    case 'subregions':
      if (hit.region) parts.push(t('hit.subregionOf', { region: hit.region }));
      break;
    case 'districts':
      parts.push(t(`kind.${hit.kind}`, { defaultValue: hit.kind }));
      if (hit.subregion) parts.push(hit.subregion);
      if (hit.region) parts.push(hit.region);
      break;
    case 'electoral_areas':
      parts.push(t(`kind.${hit.kind}`, { defaultValue: hit.kind }));
      if (hit.district) parts.push(hit.district);
      if (hit.region) parts.push(hit.region);
      break;
  }
  if (parts.length === 0) return null;
  return (
    <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-slate-600 dark:text-slate-400">
      {parts.map((part, index) => (
        <span key={index} className="inline-flex items-center gap-2">
          {index > 0 ? <span aria-hidden="true">·</span> : null}
          {part}
        </span>
      ))}
    </p>
  );
}

/** A candidate's photo or initials before their result. */
function HitPhoto({ hit }: { hit: Extract<SearchHit, { type: 'candidates' }> }) {
  const { t } = useTranslation('candidates');
  const projectId = useMediaProject();
  return <CandidatePhoto projectId={projectId} name={hit.name} photoFileId={hit.photoFileId} colour={hit.party?.colour} alt={t('photo.alt', { name: hit.name })} variant="row" />;
}

/** One result: the name (matched words marked) linking to its page, and a line of context; candidates lead with their picture. */
export function HitLine({ hit, terms }: { hit: SearchHit; terms: readonly string[] }) {
  const text = <HitText hit={hit} terms={terms} />;
  if (hit.type !== 'candidates') return <div className="py-3">{text}</div>;
  return (
    <div className="flex items-start gap-3 py-3">
      <HitPhoto hit={hit} />
      <div className="min-w-0 flex-1">{text}</div>
    </div>
  );
}

function HitText({ hit, terms }: { hit: SearchHit; terms: readonly string[] }) {
  return (
    <>
      <Link to={hit.href} className="inline-flex items-center gap-2 break-words font-semibold text-green-800 underline-offset-4 hover:underline dark:text-green-400">
        {hit.type === 'parties' ? <Swatch colour={hit.colour} /> : null}
        <span>
          <HighlightedText text={hit.name} terms={terms} />
        </span>
      </Link>
      <Details hit={hit} />
    </>
  );
}

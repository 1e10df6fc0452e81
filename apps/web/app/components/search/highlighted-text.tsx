import { highlightSegments } from '../../lib/search/highlight';

/** `text` with the words that match the folded search `terms` wrapped in <mark>. */
export function HighlightedText({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightSegments(text, terms).map((segment, index) => (segment.match ? <mark key={index}>{segment.text}</mark> : segment.text))}
    </>
  );
}

import type { ReactNode } from 'react';
import type { Block, Inline } from './ast';

/**
 * Blocks as React elements. Text only ever reaches the DOM as React text (escaped), and hrefs were
 * vetted by safeHref while parsing, so editor content cannot inject markup or script.
 */
export function MarkdownBlocks({ blocks }: { blocks: readonly Block[] }) {
  return <>{blocks.map(renderBlock)}</>;
}

const headingClass: Record<number, string> = {
  1: 'mt-8 mb-3 text-2xl font-bold tracking-tight sm:text-3xl',
  2: 'mt-8 mb-3 text-xl font-semibold',
  3: 'mt-6 mb-2 text-lg font-semibold',
  4: 'mt-6 mb-2 font-semibold',
  5: 'mt-4 mb-2 font-semibold',
  6: 'mt-4 mb-2 font-semibold',
};

const linkClass = 'font-medium text-green-800 underline underline-offset-4 hover:text-green-950 dark:text-green-400 dark:hover:text-green-300';

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${block.depth}` as const;
      return (
        <Tag key={key} className={headingClass[block.depth]}>
          {renderInlines(block.children)}
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p key={key} className="my-4 leading-7">
          {renderInlines(block.children)}
        </p>
      );
    case 'list': {
      const items = block.items.map((item, index) => <li key={index}>{renderItem(item)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start === 1 ? undefined : block.start} className="my-4 list-decimal space-y-1 ps-6 leading-7">
          {items}
        </ol>
      ) : (
        <ul key={key} className="my-4 list-disc space-y-1 ps-6 leading-7">
          {items}
        </ul>
      );
    }
    case 'blockquote':
      return (
        <blockquote key={key} className="my-4 border-s-4 border-green-600 bg-green-50 px-4 py-1 text-slate-800 dark:border-green-500 dark:bg-green-950/40 dark:text-slate-200">
          {block.children.map(renderBlock)}
        </blockquote>
      );
    case 'code':
      return (
        <pre key={key} className="my-4 overflow-x-auto rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-900">
          <code>{block.value}</code>
        </pre>
      );
    case 'thematicBreak':
      return <hr key={key} className="my-6 border-slate-200 dark:border-slate-800" />;
  }
}

/** A list item holding one paragraph renders tight (no <p> inside the <li>). */
function renderItem(blocks: Block[]): ReactNode {
  const [only] = blocks;
  if (blocks.length === 1 && only?.type === 'paragraph') return renderInlines(only.children);
  return blocks.map(renderBlock);
}

function renderInlines(nodes: readonly Inline[]): ReactNode[] {
  return nodes.map(renderInline);
}

function renderInline(node: Inline, key: number): ReactNode {
  switch (node.type) {
    case 'text':
      return node.value;
    case 'emphasis':
      return <em key={key}>{renderInlines(node.children)}</em>;
    case 'strong':
      return <strong key={key}>{renderInlines(node.children)}</strong>;
    case 'code':
      return (
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 text-[0.9em] dark:bg-slate-800">
          {node.value}
        </code>
      );
    case 'break':
      return <br key={key} />;
    case 'link':
      if (node.href === null) return <span key={key}>{renderInlines(node.children)}</span>;
      return (
        <a key={key} href={node.href} title={node.title ?? undefined} className={linkClass}>
          {renderInlines(node.children)}
        </a>
      );
  }
}

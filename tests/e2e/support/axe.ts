/**
 * axe-core through @axe-core/playwright: WCAG 2.0–2.2 A/AA rules plus best practices; serious and
 * critical findings fail, with a summary a person can act on (rule, help, where, why).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
}

/** Runs axe on the page as it is now; returns the serious and critical violations only. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  // Violations only: collecting every passing node as well is most of axe's time on long pages.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      helpUrl: violation.helpUrl,
      nodes: violation.nodes.map((node) => ({
        target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' | '),
        summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** One readable block per page: `rule (impact): help`, then up to five offending elements. */
export function formatFindings(label: string, findings: readonly AxeFinding[]): string {
  if (findings.length === 0) return '';
  const lines = [`${label}: ${findings.length} serious/critical axe violation(s)`];
  for (const finding of findings) {
    lines.push(`  • ${finding.rule} (${finding.impact}): ${finding.help} — ${finding.helpUrl}`);
    for (const node of finding.nodes.slice(0, 5)) lines.push(`      ${node.target}${node.summary ? ` — ${node.summary.slice(0, 240)}` : ''}`);
    if (finding.nodes.length > 5) lines.push(`      … and ${finding.nodes.length - 5} more element(s)`);
  }
  return lines.join('\n');
}

/** Throws with the summary when the page has any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const report = formatFindings(label, await seriousViolations(page));
  if (report) throw new Error(report);
}

import type { KillCycleReport } from './kill-cycles.ts';

/** The report in a few lines: writes acknowledged, time taken, findings by area. */
export function summarise(report: KillCycleReport): string {
  const writes = Object.entries(report.acknowledged).map(([kind, count]) => `${count} ${kind}`).join(', ');
  const byArea = new Map<string, number>();
  for (const violation of report.violations) byArea.set(violation.area, (byArea.get(violation.area) ?? 0) + 1);
  const lines = [`[${report.engine}] ${report.cycles} kill -9 cycles in ${report.seconds.toFixed(1)} s (seed ${report.seed}); acknowledged: ${writes}`];
  if (byArea.size === 0) lines.push('  no acknowledged write lost, nothing half there');
  for (const [area, count] of byArea) lines.push(`  ${area}: ${count} finding(s)`);
  for (const violation of report.violations.slice(0, 20)) lines.push(`    after cycle ${violation.cycle}: [${violation.area}] ${violation.problem}`);
  return lines.join('\n');
}

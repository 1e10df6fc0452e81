/**
 * Summary of a V8 .cpuprofile (from `--cpu-prof`): self and inclusive time by function and by
 * origin (our source file, npm package, Node internals). `node bench/profile-summary.ts <file>`.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { REPO_ROOT } from './prepare.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function origin(url: string): string {
  if (url === '') return '(native/V8)';
  if (url.startsWith('node:')) return 'node internals';
  const path = url.startsWith('file://') ? new URL(url).pathname : url;
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const parts = path.slice(modules + 14).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? path);
  }
  return relative(REPO_ROOT, path);
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  return url ? `${name} ${origin(url)}:${lineNumber + 1}` : name;
}

export function summarizeProfile(file: string, top = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    total += delta;
    const name = node.callFrame.functionName;
    if (name === '(idle)') {
      idle += delta;
      return;
    }
    self.set(label(node), (self.get(label(node)) ?? 0) + delta);
    const key = name.startsWith('(') ? name : origin(node.callFrame.url);
    byOrigin.set(key, (byOrigin.get(key) ?? 0) + delta);
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const ancestor = byId.get(current);
      if (!ancestor || ancestor.callFrame.functionName === '(root)') continue;
      const text = label(ancestor);
      if (seen.has(text)) continue;
      seen.add(text);
      inclusive.set(text, (inclusive.get(text) ?? 0) + delta);
    }
  });
  const busy = total - idle;
  const pct = (value: number) => `${((value / busy) * 100).toFixed(1).padStart(5)}%`;
  const list = (map: Map<string, number>, count: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, value]) => `  ${pct(value)}  ${name}`)
      .join('\n');
  return [
    `sampled ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${((busy / total) * 100).toFixed(0)}%); percentages of busy time`,
    `self time by origin:\n${list(byOrigin, 15)}`,
    `self time by function:\n${list(self, top)}`,
    `inclusive time by function:\n${list(inclusive, top + 15)}`,
  ].join('\n\n');
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node bench/profile-summary.ts <file.cpuprofile>');
  console.log(summarizeProfile(file));
}

/// <reference path="./structured-data-validator.d.ts" />
import Validator from '@adobe/structured-data-validator';

/**
 * For the tests: what a search engine would object to in some JSON-LD objects. Adobe's
 * structured-data validator applies Google's rich-result rules (BreadcrumbList and ListItem,
 * Person, Organization…); it cannot load the schema.org vocabulary offline, so the rules it has no
 * type for are checked here as Google documents them: an Event needs a name, an ISO 8601
 * startDate and a location; a PoliticalParty a name; every URL is absolute and every date ISO 8601.
 */
export async function jsonLdProblems(documents: readonly Record<string, unknown>[]): Promise<string[]> {
  const problems = documents.filter((each) => each['@context'] !== 'https://schema.org').map((each) => `${describe(each)}: @context is not https://schema.org`);
  const nodes = documents.flatMap((each) => (Array.isArray(each['@graph']) ? (each['@graph'] as Record<string, unknown>[]) : [each]));
  const byType: Record<string, Record<string, unknown>[]> = {};
  for (const node of nodes) {
    const type = node['@type'];
    if (typeof type !== 'string') {
      problems.push(`${describe(node)}: no @type`);
      continue;
    }
    (byType[type] ??= []).push(structuredClone(node));
    problems.push(...ownRules(type, node), ...valueRules(node, describe(node)));
  }
  const issues = await new Validator().validate({ jsonld: byType });
  problems.push(...issues.map((issue) => `${issue.rootType ?? '?'}: ${issue.severity} ${issue.issueMessage}`));
  return problems;
}

function describe(node: Record<string, unknown>): string {
  return `${String(node['@type'] ?? 'untyped')} ${String(node['name'] ?? node['@id'] ?? '')}`.trim();
}

const REQUIRED: Record<string, string[]> = {
  Event: ['name', 'startDate', 'location'],
  PoliticalParty: ['name'],
  Person: ['name'],
  AdministrativeArea: ['name'],
};

function ownRules(type: string, node: Record<string, unknown>): string[] {
  return (REQUIRED[type] ?? []).filter((property) => node[property] === undefined || node[property] === '').map((property) => `${describe(node)}: ${property} is required`);
}

const URL_PROPERTIES = new Set(['@id', 'url', 'item', 'image', 'logo', 'sameAs']);
const DATE_PROPERTIES = new Set(['startDate', 'endDate', 'birthDate', 'foundingDate', 'dateModified', 'datePublished']);
const ISO_DATE = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/** Absolute URLs and ISO 8601 dates, at any depth. */
function valueRules(value: unknown, where: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valueRules(item, where));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const problems: string[] = [];
    for (const text of (Array.isArray(item) ? item : [item]).filter((each): each is string => typeof each === 'string')) {
      if (URL_PROPERTIES.has(key) && !/^https?:\/\/[^/]/.test(text)) problems.push(`${where}: ${key} is not an absolute URL (${text})`);
      if (DATE_PROPERTIES.has(key) && !ISO_DATE.test(text)) problems.push(`${where}: ${key} is not an ISO 8601 date (${text})`);
    }
    return [...problems, ...(typeof item === 'object' ? valueRules(item, where) : [])];
  });
}

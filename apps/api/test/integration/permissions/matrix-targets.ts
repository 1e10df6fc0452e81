/**
 * Targets of the matrix — documents and files, one per permission variant — written with the
 * operator key: shared ones for reads and for changes the rules refuse, a fresh one for each change
 * they allow (so cells stay independent), and a check that no refused request touched a shared one.
 */
import type { DeclaredBucket, DeclaredCollection } from './declared-project.ts';
import { documentData, multipartUpload, newMarker, type TargetVariant, type VariantSubjects } from './matrix-fixtures.ts';
import type { MatrixHttp } from './matrix-http.ts';

export interface CreatedTarget {
  id: string;
  permissions: string[];
  /** Carried by the target's values or name; must never reach a caller who may not read it. */
  marker: string;
  variant: string;
  /** The model as the operator read it when it was made. */
  model: Record<string, unknown>;
}

export function documentsPath(collection: DeclaredCollection): string {
  return `/databases/${collection.databaseId}/collections/${collection.id}/documents`;
}

export function filesPath(bucket: DeclaredBucket): string {
  return `/storage/buckets/${bucket.id}/files`;
}

export class MatrixTargets {
  private readonly http: MatrixHttp;
  private readonly operator: Record<string, string>;
  private readonly subjects: VariantSubjects;

  constructor(http: MatrixHttp, apiKey: string, subjects: VariantSubjects) {
    this.http = http;
    this.operator = { 'x-appwrite-key': apiKey };
    this.subjects = subjects;
  }

  async document(collection: DeclaredCollection, variant: TargetVariant): Promise<CreatedTarget> {
    const marker = newMarker();
    const permissions = variant.permissions(this.subjects);
    const model = await this.http.ok('POST', documentsPath(collection), { headers: this.operator, body: { documentId: 'unique()', data: documentData(collection, marker), permissions } });
    return { id: model.$id, permissions, marker, variant: variant.name, model };
  }

  async file(bucket: DeclaredBucket, variant: TargetVariant): Promise<CreatedTarget> {
    const marker = newMarker();
    const permissions = variant.permissions(this.subjects);
    const model = await this.http.ok('POST', filesPath(bucket), { headers: this.operator, form: multipartUpload(bucket, 'unique()', marker, permissions) });
    return { id: model.$id, permissions, marker, variant: variant.name, model };
  }

  /** Differences between shared targets and what the operator reads now: a refused request changed nothing. */
  async changedSince(path: string, targets: readonly CreatedTarget[]): Promise<string[]> {
    const problems: string[] = [];
    for (const target of targets) {
      const reply = await this.http.send('GET', `${path}/${target.id}`, { headers: this.operator });
      if (reply.status !== 200) problems.push(`${path}/${target.id} (${target.variant}) is gone: ${reply.status}`);
      else if (JSON.stringify(reply.json) !== JSON.stringify(target.model)) problems.push(`${path}/${target.id} (${target.variant}) changed: ${reply.text}`);
    }
    return problems;
  }
}

import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import type { SqlDialect } from '../../db/dialect.ts';
import { CollectionStore } from '../../db/documents/collection-store.ts';
import { whitelistedPlan, type ListRequest } from '../../db/documents/list-plan.ts';
import type { ReadFilter, StoredDocument } from '../../db/documents/stored-document.ts';
import type { Identity } from '../../core/context.ts';
import { formatDate, now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { FileGrant, FilesService } from '../storage/files-service.ts';
import { FILE_RESOURCE_TYPE, QUERYABLE_TOKEN_ATTRIBUTES, resourceTokensCollection } from './token-collection.ts';
import { toResourceTokenModel, type ResourceTokenModel } from './token-model.ts';
import { TokenSecrets } from './token-secret.ts';

const ALL: ReadFilter = { kind: 'all' };

/** Appwrite refreshes `accessedAt` at most this often (APP_RESOURCE_TOKEN_ACCESS). */
const ACCESS_REFRESH_MS = 24 * 60 * 60 * 1000;

const equal = (attribute: string, value: string) => JSON.stringify({ method: 'equal', attribute, values: [value] });

/**
 * Appwrite's resource tokens (Modules/Tokens): a key makes a token for one file, and whoever holds
 * its secret may view, download and preview that file and no other, until it expires or is deleted.
 */
export class TokensService {
  private readonly store: CollectionStore;
  private readonly secrets: TokenSecrets;
  private readonly files: FilesService;

  constructor(dialect: SqlDialect, serverSecret: string, files: FilesService) {
    this.store = new CollectionStore(dialect, resourceTokensCollection);
    this.secrets = new TokenSecrets(serverSecret);
    this.files = files;
  }

  private model(stored: StoredDocument): ResourceTokenModel {
    return toResourceTokenModel(stored, this.secrets);
  }

  private async find(tokenId: string): Promise<StoredDocument> {
    const stored = await this.store.get(tokenId, ALL);
    if (!stored) throw new AppwriteError('token_not_found');
    return stored;
  }

  async createFileToken(identity: Identity, bucketId: string, fileId: string, expire: string | null): Promise<ResourceTokenModel> {
    const { sequence } = await this.files.locate(identity, bucketId, fileId);
    const [stored] = await this.store.insert([{
      id: uniqueId(),
      data: { resourceId: `${bucketId}:${fileId}`, resourceInternalId: `${bucketId}:${sequence}`, resourceType: FILE_RESOURCE_TYPE, expire: expire ?? '', accessedAt: '' },
      permissions: [],
      createdAt: now(),
    }]);
    return this.model(stored!);
  }

  async listFileTokens(identity: Identity, bucketId: string, fileId: string, request: ListRequest, countTotal: boolean): Promise<{ total: number; tokens: ResourceTokenModel[] }> {
    const { sequence } = await this.files.locate(identity, bucketId, fileId);
    const plan = whitelistedPlan(request, QUERYABLE_TOKEN_ATTRIBUTES, '$id', [equal('resourceType', FILE_RESOURCE_TYPE), equal('resourceInternalId', `${bucketId}:${sequence}`)]);
    const { total, documents } = await this.store.list(plan, ALL, { countTotal });
    return { total: countTotal ? total : 0, tokens: documents.map((stored) => this.model(stored)) };
  }

  async get(tokenId: string): Promise<ResourceTokenModel> {
    return this.model(await this.find(tokenId));
  }

  async update(tokenId: string, expire: string | null): Promise<ResourceTokenModel> {
    const stored = await this.find(tokenId);
    await this.store.update(stored.sequence, { expire: expire ?? '' }, undefined, now());
    return this.model(await this.find(tokenId));
  }

  async delete(tokenId: string): Promise<void> {
    await this.store.delete((await this.find(tokenId)).sequence);
  }

  /**
   * What a `token` param grants: read of one file. As in Appwrite, a secret that is forged, expired,
   * for a deleted token or for another kind of resource grants nothing, and the request goes on as
   * the caller's own.
   */
  async fileGrant(secret: string): Promise<FileGrant | null> {
    const claims = this.secrets.verify(secret);
    if (!claims) return null;
    const stored = await this.store.get(claims.tokenId, ALL);
    if (!stored) return null;
    const expire = String(stored.data['expire'] ?? '');
    if (expire && new Date(expire).getTime() < Date.now()) return null;
    if (stored.data['resourceType'] !== FILE_RESOURCE_TYPE) throw new AppwriteError('token_resource_type_invalid');
    const [bucketId, sequence] = String(stored.data['resourceInternalId']).split(':');
    if (!bucketId || !sequence) return null;
    const accessedAt = String(stored.data['accessedAt'] ?? '');
    if (!accessedAt || Date.now() - new Date(accessedAt).getTime() > ACCESS_REFRESH_MS) {
      await this.store.update(stored.sequence, { accessedAt: formatDate(new Date()) }, undefined, stored.updatedAt);
    }
    return { bucketId, fileSequence: Number(sequence) };
  }
}

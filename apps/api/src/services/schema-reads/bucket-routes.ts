import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { listParams, queryable } from './list-params.ts';
import { declaredBucket } from './schema-lookup.ts';
import { listEntries } from './schema-list.ts';
import { bucketModel, schemaTime } from './schema-renderers.ts';

export const listBucketsRoute = defineRoute({
  id: 'storage.listBuckets',
  method: 'GET',
  path: '/storage/buckets',
  summary: 'The storage buckets declared in appwrite.json.',
  scope: 'buckets.read',
  params: listParams,
  response: { status: 200, model: 'BucketList' },
  handler: async ({ params, ctx, services }) => {
    const time = schemaTime(ctx.config.schemaFile);
    const all = services.schema.buckets.map((bucket) => bucketModel(bucket, time));
    const request = { queries: params.queries ?? [], search: params.search, countTotal: params.total };
    const { total, items } = listEntries(all, request, {
      queryable: queryable('enabled', 'name', 'fileSecurity', 'maximumFileSize', 'encryption', 'antivirus', 'transformations'),
      idOf: (entry) => entry.$id,
      searched: ['$id', 'name'],
    });
    return { total, buckets: items };
  },
});

export const getBucketRoute = defineRoute({
  id: 'storage.getBucket',
  method: 'GET',
  path: '/storage/buckets/{bucketId}',
  summary: 'One declared storage bucket.',
  scope: 'buckets.read',
  params: { bucketId: param.uid({ required: true, description: 'Bucket ID.' }) },
  response: { status: 200, model: 'Bucket' },
  handler: async ({ params, ctx, services }) => bucketModel(declaredBucket(services.schema, params.bucketId), schemaTime(ctx.config.schemaFile)),
});

export const bucketReadRoutes = [listBucketsRoute, getBucketRoute];

import { z } from 'zod';
import type { ParamDefinition } from '../../core/params.ts';
import { param } from '../../core/params.ts';
import { defineRoute } from '../../core/route.ts';
import { userIdParam, usersDirectory } from './user-routes.ts';

/** Appwrite's labels param: up to 1000 labels of 1 to 36 letters and digits; duplicates are dropped. */
const LABELS_MESSAGE = 'Value must a valid array no longer than 1000 items and Value must be a valid string and at least 1 chars and no longer than 36 chars and only contain letters and digits';
const labelsParam: ParamDefinition & { required: true } = {
  schema: z.array(z.string({ error: LABELS_MESSAGE }).regex(/^[A-Za-z0-9]{1,36}$/, { error: LABELS_MESSAGE }), { error: LABELS_MESSAGE }).max(1000, { error: LABELS_MESSAGE }),
  required: true,
  description: 'The labels, replacing the previous ones; each becomes the role `label:<label>` of the user.',
};

export const updateUserStatus = defineRoute({
  id: 'users.updateStatus',
  method: 'PATCH',
  path: '/users/{userId}/status',
  summary: 'Block (false) or unblock (true) a user; blocking ends their sessions.',
  scope: 'users.write',
  params: { ...userIdParam, status: param.boolean({ required: true, description: 'true: active; false: blocked.' }) },
  response: { status: 200, model: 'User' },
  handler: async ({ params, services }) => {
    const directory = usersDirectory(services);
    await directory.require(params.userId);
    const user = await services.accounts.users.update(params.userId, { status: params.status ? 1 : 0 }, undefined, 'update.status');
    if (!params.status) await services.accounts.sessions.deleteAll(user.id);
    return directory.model(user);
  },
});

export const updateUserLabels = defineRoute({
  id: 'users.updateLabels',
  method: 'PUT',
  path: '/users/{userId}/labels',
  summary: "Replace a user's labels (permission roles `label:<label>`).",
  scope: 'users.write',
  params: { ...userIdParam, labels: labelsParam },
  response: { status: 200, model: 'User' },
  handler: async ({ params, services }) => {
    const directory = usersDirectory(services);
    await directory.require(params.userId);
    const labels = [...new Set(params.labels as string[])];
    return directory.model(await services.accounts.users.update(params.userId, { labels: JSON.stringify(labels) }, undefined, 'update.labels'));
  },
});

export const updateUserEmailVerification = defineRoute({
  id: 'users.updateEmailVerification',
  method: 'PATCH',
  path: '/users/{userId}/verification',
  summary: "Mark a user's e-mail address verified or not.",
  scope: 'users.write',
  params: { ...userIdParam, emailVerification: param.boolean({ required: true, description: 'Whether the e-mail address is verified.' }) },
  response: { status: 200, model: 'User' },
  handler: async ({ params, services }) => {
    const directory = usersDirectory(services);
    await directory.require(params.userId);
    return directory.model(await services.accounts.users.update(params.userId, { email_verification: params.emailVerification ? 1 : 0 }, undefined, 'update.verification'));
  },
});

export const updateUserPhoneVerification = defineRoute({
  id: 'users.updatePhoneVerification',
  method: 'PATCH',
  path: '/users/{userId}/verification/phone',
  summary: "Mark a user's phone number verified or not.",
  scope: 'users.write',
  params: { ...userIdParam, phoneVerification: param.boolean({ required: true, description: 'Whether the phone number is verified.' }) },
  response: { status: 200, model: 'User' },
  handler: async ({ params, services }) => {
    const directory = usersDirectory(services);
    await directory.require(params.userId);
    return directory.model(await services.accounts.users.update(params.userId, { phone_verification: params.phoneVerification ? 1 : 0 }, undefined, 'update.verification'));
  },
});

export const updateUserName = defineRoute({
  id: 'users.updateName',
  method: 'PATCH',
  path: '/users/{userId}/name',
  summary: "Change a user's display name.",
  scope: 'users.write',
  params: { ...userIdParam, name: param.string({ required: true, max: 128, description: 'Display name, at most 128 characters.' }) },
  response: { status: 200, model: 'User' },
  handler: async ({ params, services }) => {
    const directory = usersDirectory(services);
    await directory.require(params.userId);
    return directory.model(await services.accounts.users.update(params.userId, { name: params.name }, undefined, 'update.name'));
  },
});

export const userUpdateRoutes = [updateUserStatus, updateUserLabels, updateUserEmailVerification, updateUserPhoneVerification, updateUserName];

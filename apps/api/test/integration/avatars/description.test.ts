// The API description names the avatar endpoints as binary image responses, with their params.
import { expect } from 'vitest';
import { runScenarios } from '../../support/scenario.ts';

interface Operation {
  operationId: string;
  parameters: { name: string; in: string; required: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

runScenarios('OpenAPI description of Avatars', [
  {
    name: 'every avatar endpoint answers bytes of an image type, and declares its params',
    method: 'GET',
    path: '/v1/openapi.json',
    expectedStatus: 200,
    check(json) {
      const operation = (path: string): Operation => json.paths[path].get;
      const binary = { schema: { type: 'string', format: 'binary' } };
      for (const path of ['/avatars/browsers/{code}', '/avatars/credit-cards/{code}', '/avatars/flags/{code}', '/avatars/favicon', '/avatars/initials', '/avatars/qr']) {
        expect(operation(path).responses['200']?.content, path).toEqual({ 'image/png': binary });
      }
      expect(operation('/avatars/image').responses['200']?.content).toEqual({ 'image/*': binary });
      expect(operation('/avatars/qr').parameters.map(({ name, in: where, required }) => [name, where, required])).toEqual([
        ['text', 'query', true],
        ['size', 'query', false],
        ['margin', 'query', false],
        ['download', 'query', false],
      ]);
      expect(operation('/avatars/flags/{code}').parameters.find((parameter) => parameter.name === 'code')).toMatchObject({ in: 'path', required: true });
    },
  },
]);

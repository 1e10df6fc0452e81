import { CONSOLE_PATH } from '@ballot-atlas/shared/site/console-path';

export { CONSOLE_PATH };

export const consolePaths = {
  dashboard: CONSOLE_PATH,
  messages: `${CONSOLE_PATH}/messages`,
  team: `${CONSOLE_PATH}/team`,
  history: `${CONSOLE_PATH}/history`,
  imports: `${CONSOLE_PATH}/imports`,
  results: `${CONSOLE_PATH}/results`,
  updates: `${CONSOLE_PATH}/updates`,
  importJob: (importId: string) => `${CONSOLE_PATH}/imports/${encodeURIComponent(importId)}`,
  collection: (collectionId: string) => `${CONSOLE_PATH}/${collectionId}`,
  newRecord: (collectionId: string) => `${CONSOLE_PATH}/${collectionId}/new`,
  record: (collectionId: string, documentId: string) => `${CONSOLE_PATH}/${collectionId}/${encodeURIComponent(documentId)}`,
  deleteRecord: (collectionId: string, documentId: string) => `${CONSOLE_PATH}/${collectionId}/${encodeURIComponent(documentId)}/delete`,
  recordHistory: (collectionId: string, documentId: string) => `${CONSOLE_PATH}/${collectionId}/${encodeURIComponent(documentId)}/history`,
} as const;

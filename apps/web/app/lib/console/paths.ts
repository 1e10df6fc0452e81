/**
 * The editors' console lives at an unguessable path; nothing public links to it. Import this only
 * from server modules and from the console's views (the chunk pages/console/view.tsx starts):
 * anywhere else it would be in JavaScript that every visitor downloads.
 */
export const CONSOLE_PATH = '/ieiwrhiwrhwiehhweiwieewewe';

export const consolePaths = {
  dashboard: CONSOLE_PATH,
  messages: `${CONSOLE_PATH}/messages`,
  team: `${CONSOLE_PATH}/team`,
  history: `${CONSOLE_PATH}/history`,
  collection: (collectionId: string) => `${CONSOLE_PATH}/${collectionId}`,
  newRecord: (collectionId: string) => `${CONSOLE_PATH}/${collectionId}/new`,
  record: (collectionId: string, documentId: string) => `${CONSOLE_PATH}/${collectionId}/${encodeURIComponent(documentId)}`,
  deleteRecord: (collectionId: string, documentId: string) => `${CONSOLE_PATH}/${collectionId}/${encodeURIComponent(documentId)}/delete`,
  recordHistory: (collectionId: string, documentId: string) => `${CONSOLE_PATH}/${collectionId}/${encodeURIComponent(documentId)}/history`,
} as const;

/** The editors' console lives at an unguessable path; nothing public links to it. */
export const CONSOLE_PATH = '/ieiwrhiwrhwiehhweiwieewewe';

export const consolePaths = {
  dashboard: CONSOLE_PATH,
  messages: `${CONSOLE_PATH}/messages`,
  team: `${CONSOLE_PATH}/team`,
  collection: (collectionId: string) => `${CONSOLE_PATH}/${collectionId}`,
  newRecord: (collectionId: string) => `${CONSOLE_PATH}/${collectionId}/new`,
  record: (collectionId: string, documentId: string) => `${CONSOLE_PATH}/${collectionId}/${encodeURIComponent(documentId)}`,
  deleteRecord: (collectionId: string, documentId: string) => `${CONSOLE_PATH}/${collectionId}/${encodeURIComponent(documentId)}/delete`,
} as const;

/** The id of the layout route (routes.ts) that admits editors to every console page and carries the console's strings. */
export const CONSOLE_SHELL_ROUTE_ID = 'console-shell';

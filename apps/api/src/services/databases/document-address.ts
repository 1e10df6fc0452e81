/** Which collection of which database a document call is about. */
export interface DocumentAddress {
  databaseId: string;
  collectionId: string;
}

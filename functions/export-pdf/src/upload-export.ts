import { ID, Permission, Role, Storage, Tokens, type Client } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';

export const EXPORTS_BUCKET = 'exports';
/** How long a guest's link works; the cleanup-exports function deletes the file after the same time. */
export const GUEST_LINK_HOURS = 24;

/** A file name from the title: letters, digits and hyphens, accents dropped ("Candidats à Kàmpálá" → "candidats-a-kampala.pdf"). */
export function exportFileName(title: string): string {
  const slug = title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '');
  return `${slug || 'export'}.pdf`;
}

/**
 * Stores the PDF in the `exports` bucket (under the execution's id when there is one, so whoever
 * started an asynchronous export finds its file) (node-appwrite sends it in 5 MB chunks when larger).
 * Readable by the user who asked; a guest's file gets no read permission at all, and a file
 * token for 24 hours instead, whose secret only this execution's answer carries.
 */
export async function uploadExport(client: Client, bytes: Uint8Array, fileName: string, userId: string | undefined, fileId: string = ID.unique()): Promise<{ fileId: string; token?: string }> {
  const permissions = userId ? [Permission.read(Role.user(userId))] : [];
  const file = await new Storage(client).createFile({ bucketId: EXPORTS_BUCKET, fileId, file: InputFile.fromBuffer(bytes, fileName), permissions });
  if (userId) return { fileId: file.$id };
  // A guest has no account to grant: the file token's secret is the link that cannot be guessed.
  const expire = new Date(Date.now() + GUEST_LINK_HOURS * 3_600_000).toISOString();
  const token = await new Tokens(client).createFileToken({ bucketId: EXPORTS_BUCKET, fileId: file.$id, expire });
  return { fileId: file.$id, token: token.secret };
}

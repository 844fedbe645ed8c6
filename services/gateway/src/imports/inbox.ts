/**
 * A folder an admin names for import must lie under DATA_DIR/inbox after resolving links
 * (docs/decisions/0036-import-uploads.md): `..`, absolute paths and symlinks pointing
 * outside are refused, ever.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

export class InboxPathError extends Error {}

export async function resolveInboxFolder(dataDir: string, folder: string): Promise<string> {
  const inbox = path.join(dataDir, 'inbox');
  // Messages name the inbox as DATA_DIR/inbox: where the server keeps it is not the caller's business.
  const inboxReal = await realpath(inbox).catch(() => {
    throw new InboxPathError('folder: the inbox (DATA_DIR/inbox) does not exist');
  });
  const resolved = await realpath(path.resolve(inboxReal, folder)).catch(() => {
    throw new InboxPathError(`folder: "${folder}" does not exist under the inbox`);
  });
  const relative = path.relative(inboxReal, resolved);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new InboxPathError(`folder: "${folder}" is not a folder under the inbox (DATA_DIR/inbox)`);
  }
  if (!(await stat(resolved)).isDirectory()) throw new InboxPathError(`folder: "${folder}" is not a folder`);
  return resolved;
}

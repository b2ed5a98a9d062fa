import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the product keeps files. Local disk under DATA_DIR by default; S3-compatible storage comes
 * with the catalogue work (issue 3) behind this same interface.
 */
export interface FileStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
}

export function createLocalFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    // A key is ours, never a client's, but refuse any that would leave the root all the same.
    if (!target.startsWith(path.resolve(root) + path.sep))
      throw new Error(`File key outside the store: ${key}`);
    return target;
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, data);
    },
    get: (key) => fs.readFile(resolve(key)),
  };
}

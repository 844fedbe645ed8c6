/**
 * An admin names a folder of DATA_DIR/inbox to import (POST /api/admin/imports { folder }).
 * Whatever folder is asked for, the refusal says what is wrong in terms of DATA_DIR and the
 * folder asked for, never where the server keeps its files.
 */
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalProblems } from '../testing/refusal-problems.js';
import { startTestGateway, TEST_ADMIN, type TestGateway } from '../testing/test-gateway.js';

describe('an inbox folder named for import', () => {
  let platform: TestGateway;
  let headers: Record<string, string>;
  /** Every spelling of where the server keeps its files. */
  let serverPaths: string[];

  const post = (folder: string) => platform.gateway.inject({ method: 'POST', url: '/api/admin/imports', headers, payload: { folder } });
  const refusedWithoutServerPaths = async (folder: string) => {
    const response = await post(folder);
    expect({ folder, status: response.statusCode }).toEqual({ folder, status: 400 });
    expect(refusalProblems(response), folder).toEqual([]);
    const message = response.json<{ error: { message: string } }>().error.message;
    for (const serverPath of serverPaths) expect(message, folder).not.toContain(serverPath);
    return message;
  };

  beforeAll(async () => {
    platform = await startTestGateway('inbox-attack');
    headers = (await platform.signIn(TEST_ADMIN)).headers;
    const { dataDir } = platform.embedded;
    serverPaths = [...new Set([dataDir, await realpath(dataDir), os.tmpdir(), await realpath(os.tmpdir())])];
  });
  afterAll(() => platform?.close());

  it('names a folder before any inbox exists: told DATA_DIR/inbox, not the absolute path of the inbox', async () => {
    expect(await refusedWithoutServerPaths('x')).toBe('folder: the inbox (DATA_DIR/inbox) does not exist');
  });

  it('names folders outside the inbox (.., an absolute path, a symlink out, a file, a missing one): refused without a server path', async () => {
    const inbox = path.join(platform.embedded.dataDir, 'inbox');
    await mkdir(path.join(inbox, 'good'), { recursive: true });
    await symlink(platform.embedded.dataDir, path.join(inbox, 'escape'));
    await writeFile(path.join(inbox, 'good', 'facility.csv'), 'Facility ID\n');
    for (const folder of ['..', '../..', 'good/../..', '/etc', 'escape', 'escape/clickhouse', 'good/facility.csv', 'nowhere']) {
      expect(await refusedWithoutServerPaths(folder)).toMatch(/^folder: /);
    }
  });
});

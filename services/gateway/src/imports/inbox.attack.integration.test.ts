/**
 * An admin names a folder of DATA_DIR/inbox to import (POST /api/admin/imports { folder }).
 * Whatever folder is asked for, the refusal says what is wrong in terms of DATA_DIR and the
 * folder asked for, never where the server keeps its files.
 */
import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import { buildGateway } from '../build.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../testing/embedded-test-ports.js';
import { refusalProblems } from '../testing/refusal-problems.js';
import { createTestIssuer } from '../testing/test-issuer.js';

const admin = { sub: 'local|ada', email: 'ada@example.com', email_verified: true, name: 'Ada Admin' };

describe('an inbox folder named for import', () => {
  let gateway: FastifyInstance;
  let embedded: EmbeddedTestPorts;
  let headers: Record<string, string>;
  /** Every spelling of where the server keeps its files. */
  let serverPaths: string[];

  const post = (folder: string) => gateway.inject({ method: 'POST', url: '/api/admin/imports', headers, payload: { folder } });
  const refusedWithoutServerPaths = async (folder: string) => {
    const response = await post(folder);
    expect({ folder, status: response.statusCode }).toEqual({ folder, status: 400 });
    expect(refusalProblems(response), folder).toEqual([]);
    const message = response.json<{ error: { message: string } }>().error.message;
    for (const serverPath of serverPaths) expect(message, folder).not.toContain(serverPath);
    return message;
  };

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('inbox-attack');
    const issuer = await createTestIssuer();
    const config = loadConfig({ ...issuer.env, DATA_DIR: embedded.dataDir, ADMIN_EMAILS: admin.email });
    gateway = await buildGateway({ config, ports: embedded.ports, logger: createLogger('inbox-attack', { level: 'silent' }), signingKeys: issuer.signingKeys });
    headers = await issuer.headers(admin);
    await gateway.inject({ method: 'POST', url: '/api/user-profile', headers, payload: { sub: admin.sub, email: admin.email, name: admin.name } });
    serverPaths = [...new Set([embedded.dataDir, await realpath(embedded.dataDir), os.tmpdir(), await realpath(os.tmpdir())])];
  });
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
  });

  it('names a folder before any inbox exists: told DATA_DIR/inbox, not the absolute path of the inbox', async () => {
    expect(await refusedWithoutServerPaths('x')).toBe('folder: the inbox (DATA_DIR/inbox) does not exist');
  });

  it('names folders outside the inbox (.., an absolute path, a symlink out, a file, a missing one): refused without a server path', async () => {
    const inbox = path.join(embedded.dataDir, 'inbox');
    await mkdir(path.join(inbox, 'good'), { recursive: true });
    await symlink(embedded.dataDir, path.join(inbox, 'escape'));
    await writeFile(path.join(inbox, 'good', 'facility.csv'), 'Facility ID\n');
    for (const folder of ['..', '../..', 'good/../..', '/etc', 'escape', 'escape/clickhouse', 'good/facility.csv', 'nowhere']) {
      expect(await refusedWithoutServerPaths(folder)).toMatch(/^folder: /);
    }
  });
});

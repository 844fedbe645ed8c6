/**
 * The admin imports API on the embedded platform (chDB, the in-process log and runner), with
 * ingest and the workers running so an import goes all the way to live: who may call it, the
 * inbox folder rule (`..` and a symlink pointing out refused), the upload limit, the DE fixture
 * uploaded (as files, then as a ZIP) and followed to live with its counts, a rejects report with
 * formula cells guarded, and replays.
 */
import { cp, mkdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { buildGateway } from '@ust/gateway';
import { createTestIssuer, openEmbeddedTestPorts, type EmbeddedTestPorts, type TestIssuer } from '@ust/gateway/testing';
import { startIngest, type IngestHandle } from '@ust/ingest';
import { createLogger, loadConfig } from '@ust/platform';
import { FIXTURES_DIRECTORY } from '@ust/pipelines';
import type { ImportRun } from '@ust/schemas';
import { startWorkers, type WorkersHandle } from '@ust/workers';

const log = createLogger('admin-imports-test', { level: 'silent' });
const general = { sub: 'local|gina', email: 'gina@example.com', name: 'Gina General' };
const admin = { sub: 'local|ada', email: 'ada@example.com', email_verified: true, name: 'Ada Admin' };
const DE_FOLDER = path.join(FIXTURES_DIRECTORY, 'epa-template', 'DE');
const DE_FILES = ['facility.csv', 'tank.csv', 'compartment.csv', 'piping.csv'];
const DE = { facilities: 2_665, tanks: 8_986, releases: 0 };
/** Small enough to exceed in a test, large enough for the DE fixture (4.7 MB). */
const LIMIT = 8 * 1024 * 1024;

async function multipart(files: { name: string; content: string | Buffer }[]) {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.content]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function zipOf(files: { name: string; content: string | Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(Buffer.from(file.content), file.name);
  zip.end();
  return buffer(zip.outputStream);
}

describe('admin imports API', () => {
  let gateway: FastifyInstance;
  let embedded: EmbeddedTestPorts;
  let ingest: IngestHandle;
  let workers: WorkersHandle;
  let issuer: TestIssuer;
  let adminHeaders: Record<string, string>;
  let generalHeaders: Record<string, string>;

  const signIn = async (user: typeof general | typeof admin) => {
    const headers = await issuer.headers(user);
    const response = await gateway.inject({
      method: 'POST',
      url: '/api/user-profile',
      headers,
      payload: { sub: user.sub, email: user.email, name: user.name },
    });
    expect(response.statusCode).toBe(200);
    return headers;
  };
  const upload = async (files: { name: string; content: string | Buffer }[]) => {
    const { payload, contentType } = await multipart(files);
    return gateway.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...adminHeaders, 'content-type': contentType }, payload });
  };
  const listed = async (id: string): Promise<ImportRun | undefined> => {
    const response = await gateway.inject({ method: 'GET', url: '/api/admin/imports', headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    return (response.json().imports as ImportRun[]).find((run) => run.id === id);
  };
  const settled = async (id: string, timeoutMs = 120_000): Promise<ImportRun> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const run = await listed(id);
      if (run && (run.status === 'live' || run.status === 'failed')) return run;
      if (Date.now() > deadline) throw new Error(`import ${id} did not settle: ${JSON.stringify(run)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('admin-imports-test');
    const { ports, dataDir } = embedded;
    ingest = await startIngest({ ...ports, log });
    workers = await startWorkers({ ...ports, log });
    issuer = await createTestIssuer();
    const config = loadConfig({ ...issuer.env, DATA_DIR: dataDir, ADMIN_EMAILS: admin.email, RATE_LIMIT_PER_MINUTE: '100000' });
    gateway = await buildGateway({ config, ports, logger: log, signingKeys: issuer.signingKeys, importUploadLimitBytes: LIMIT });
    adminHeaders = await signIn(admin);
    generalHeaders = await signIn(general);
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await ingest?.close();
    await workers?.close();
    await embedded?.close();
  });

  it('answers 401 without a token and 403 to a user who is not an admin', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/imports'],
      ['POST', '/api/admin/imports'],
      ['GET', '/api/admin/imports/imp-1/rejects'],
      ['POST', '/api/admin/imports/imp-1/replay'],
      ['POST', '/api/admin/replay'],
    ] as const) {
      expect((await gateway.inject({ method, url })).statusCode).toBe(401);
      const refused = await gateway.inject({ method, url, headers: generalHeaders });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a folder outside DATA_DIR/inbox: `..`, an absolute path, a symlink pointing out', async () => {
    const inbox = path.join(embedded.dataDir, 'inbox');
    await mkdir(path.join(inbox, 'good'), { recursive: true });
    await symlink(path.dirname(inbox), path.join(inbox, 'escape'));
    const post = (folder: string) => gateway.inject({ method: 'POST', url: '/api/admin/imports', headers: adminHeaders, payload: { folder } });
    for (const folder of ['../', 'good/../..', '/etc', 'escape', 'escape/imports']) {
      const response = await post(folder);
      expect({ folder, status: response.statusCode }).toEqual({ folder, status: 400 });
      expect(response.json().error.message).toMatch(/^folder: /);
    }
    const missing = await post('nowhere');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('folder: "nowhere" does not exist under the inbox');
    const wrong = await gateway.inject({ method: 'POST', url: '/api/admin/imports', headers: adminHeaders, payload: { path: 'x' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toMatch(/^body: /);
  });

  it('answers 400 naming the file for one that is not a CSV, empty, or of an unknown layout', async () => {
    const cases = [
      {
        file: { name: 'notes.txt', content: 'hello' },
        message: 'notes.txt: not a CSV file or EPA template workbook (EPA template or UST Finder .csv files, EPA template .xlsx workbooks)',
      },
      { file: { name: 'DE/UST/empty.csv', content: '' }, message: 'DE/UST/empty.csv: the file is empty' },
      { file: { name: '../up.csv', content: 'a\n1\n' }, message: '../up.csv: not a file name inside the upload' },
      {
        file: { name: 'lookup.csv', content: 'Code,Meaning\n1,One\n' },
        message: expect.stringMatching(/^lookup\.csv: not a known EPA template or UST Finder file \(unknown layout/),
      },
    ];
    for (const { file, message } of cases) {
      const response = await upload([file]);
      expect({ name: file.name, status: response.statusCode }).toEqual({ name: file.name, status: 400 });
      expect(response.json().error.message).toEqual(message);
    }
  });

  it('answers 413 naming the limit for an upload over it', async () => {
    const response = await upload([{ name: 'big.csv', content: Buffer.alloc(LIMIT + 1024, 'a') }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('The upload is larger than the limit of 8 MB per request');
  });

  let deImport = '';
  it('takes the DE fixture as an upload and follows it to live with its counts', async () => {
    const files = await Promise.all(DE_FILES.map(async (name) => ({ name: `DE/UST/${name}`, content: await readFile(path.join(DE_FOLDER, 'UST', name)) })));
    const response = await upload(files);
    expect(response.statusCode).toBe(202);
    expect(response.json().status).toBe('queued');
    deImport = response.json().id;
    const run = await settled(deImport);
    expect(run).toMatchObject({ source: 'upload', status: 'live', failure: null, states: ['DE'], accepted: DE.facilities + DE.tanks + DE.releases });
    expect(run.records_read).toBe(run.accepted + run.rejected);
    // The bar's total counts the facility and tank files' rows, not the equipment files'.
    expect(run.progress).toMatchObject({ records: run.records_read, total: run.records_read, eta_seconds: null });
    expect(run.files.sort()).toEqual(DE_FILES.map((name) => `DE/UST/${name}`).sort());
    expect(run.dataset_version).toMatch(/^\d+$/);
    expect(run.finished_at! >= run.started_at!).toBe(true);
    const facility = await gateway.inject({ method: 'GET', url: '/api/facilities/DE-1-000001', headers: adminHeaders });
    expect(facility.statusCode).toBe(200);
  }, 180_000);

  it('serves the rejects report as CSV with a BOM and formula cells guarded', async () => {
    const [header, row] = (await readFile(path.join(DE_FOLDER, 'UST', 'tank.csv'), 'utf8')).split('\n');
    const tricky = [`"=HYPERLINK(""x"")"${row!.slice(row!.indexOf(','))}`, `@SUM(1)${row!.slice(row!.indexOf(','))}`].join('\n');
    const response = await upload([{ name: 'DE/UST/tank.csv', content: `${header}\n${tricky}\n` }]);
    expect(response.json()).toMatchObject({ status: 'queued' });
    const run = await settled(response.json().id);
    expect(run).toMatchObject({ status: 'live', accepted: 0, rejected: 2, rejects_by_reason: { 'facility does not exist': 2 } });
    const csv = await gateway.inject({ method: 'GET', url: `/api/admin/imports/${run.id}/rejects`, headers: adminHeaders });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('file,line,field,value,reason');
    expect(lines.slice(1)).toEqual([
      `DE/UST/tank.csv,2,FacilityID,"'=HYPERLINK(""x"")",facility does not exist`,
      `DE/UST/tank.csv,3,FacilityID,'@SUM(1),facility does not exist`,
    ]);
    expect((await gateway.inject({ method: 'GET', url: '/api/admin/imports/imp-none/rejects', headers: adminHeaders })).statusCode).toBe(404);
  }, 180_000);

  it('lists an import whose file is malformed half-way as failed, naming the file and line', async () => {
    // The whole DE facility file with an unclosed quote on its last row: found as it is read, not up front.
    const lines = (await readFile(path.join(DE_FOLDER, 'UST', 'facility.csv'), 'utf8')).trimEnd().split(/\r?\n/);
    const last = lines.length;
    lines[last - 1] = `"unclosed,${lines[last - 1]!.slice(lines[last - 1]!.indexOf(',') + 1)}`;
    const response = await upload([{ name: 'DE/UST/facility.csv', content: `${lines.join('\n')}\n` }]);
    expect(response.json()).toMatchObject({ status: 'queued' });
    const run = await settled(response.json().id);
    expect(run).toMatchObject({ status: 'failed', source: 'upload', dataset_version: null });
    expect(run.failure).toMatch(new RegExp(`^DE/UST/facility\\.csv, line ${last}: `));
    expect(run.finished_at).not.toBeNull();
  }, 180_000);

  it('replays an import, then every import from the beginning, and stays live', async () => {
    const replay = await gateway.inject({ method: 'POST', url: `/api/admin/imports/${deImport}/replay`, headers: adminHeaders });
    expect(replay.statusCode).toBe(202);
    expect((await settled(deImport)).status).toBe('live');
    const all = await gateway.inject({ method: 'POST', url: '/api/admin/replay', headers: adminHeaders });
    expect(all.statusCode).toBe(202);
    const job = await embedded.ports.jobs.waitUntilSettled('imports', all.json().id, 180_000);
    expect(job).toMatchObject({ status: 'completed', returnValue: { replayed: 2 } });
    // Followed as an import is: its record went live with every import's records read again.
    const replayRun = await gateway.inject({ method: 'GET', url: `/api/admin/replay/${all.json().id}`, headers: adminHeaders });
    expect(replayRun.statusCode).toBe(200);
    expect(replayRun.json()).toMatchObject({ status: 'live', failure: null, imports_total: 2, imports_replayed: 2 });
    expect(replayRun.json().progress.records).toBe(replayRun.json().progress.total);
    expect((await gateway.inject({ method: 'GET', url: '/api/admin/replay/replay-all-1', headers: adminHeaders })).statusCode).toBe(404);
    const run = await listed(deImport);
    expect(run).toMatchObject({ status: 'live', accepted: DE.facilities + DE.tanks });
    expect((await gateway.inject({ method: 'POST', url: '/api/admin/imports/imp-none/replay', headers: adminHeaders })).statusCode).toBe(404);
  }, 360_000);

  it("imports EPA template workbooks uploaded as they are and inside a ZIP, and a state's own files", async () => {
    const workbook = (state: string, name: string) => readFile(path.join(FIXTURES_DIRECTORY, 'epa-template-xlsx', state, name));
    const alone = (
      await upload([{ name: 'WV/WV_Releases_template_20250227171217.xlsx', content: await workbook('WV', 'WV_Releases_template_20250227171217.xlsx') }])
    ).json().id as string;
    const zipped = (
      await upload([
        {
          name: 'OK.zip',
          content: await zipOf([
            { name: 'OK/OK_Releases_template_20250228134012.xlsx', content: await workbook('OK', 'OK_Releases_template_20250228134012.xlsx') },
          ]),
        },
      ])
    ).json().id as string;
    // A state's own export, read through its declared mapping (Utah's facilities and cases).
    const native = (name: string) => readFile(path.join(FIXTURES_DIRECTORY, 'state-native', 'UT', name));
    const utah = (
      await upload([
        { name: 'UT/fac.csv', content: await native('fac.csv') },
        { name: 'UT/ut_lust.csv', content: await native('ut_lust.csv') },
      ])
    ).json().id as string;
    for (const [id, expected] of [
      // Warnings: the columns left out and the placements of records without coordinates (docs/real-files.md).
      [utah, { states: ['UT'], accepted: 6_497 + 5_631, rejected: 0, warnings: 38 + 5_493 + 138 }],
      [alone, { states: ['WV'], files: ['WV/WV_Releases_template_20250227171217.xlsx'], accepted: 3_930, rejected: 0, warnings: 22 + 3_746 + 100 + 84 }],
      [zipped, { states: ['OK'], files: ['OK/OK_Releases_template_20250228134012.xlsx'], accepted: 6_037, rejected: 0, warnings: 14 + 6 }],
    ] as const) {
      let run = await listed(id);
      while (run?.status !== 'live' && run?.status !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 100));
        run = await listed(id);
      }
      expect(run).toMatchObject({ status: 'live', source: 'upload', ...expected });
    }
    // The summary says how Utah's cases found their facility and which columns were left out.
    const utahRun = (await listed(utah))!;
    expect(utahRun.release_links).toEqual({ by_id: 5_493, by_address: 0, unlinked: 138 });
    expect(utahRun.columns_not_mapped).toHaveLength(36);
    expect(utahRun.columns_not_mapped).toContain('UT/fac.csv: OWNERNAME');
    expect(utahRun.warnings_by_reason).toMatchObject({ 'column not mapped, left out of the import': 36 });
  }, 360_000);

  it("imports a workbook and a state's own file from an inbox folder, with the rows of another kind counted as rejected", async () => {
    const folder = path.join(embedded.dataDir, 'inbox', 'states');
    await cp(path.join(FIXTURES_DIRECTORY, 'epa-template-xlsx', 'WV'), path.join(folder, 'WV'), { recursive: true });
    await cp(path.join(FIXTURES_DIRECTORY, 'state-native', 'TN'), path.join(folder, 'TN'), { recursive: true });
    const response = await gateway.inject({ method: 'POST', url: '/api/admin/imports', headers: adminHeaders, payload: { folder: 'states' } });
    expect(response.statusCode).toBe(202);
    const id = response.json().id as string;
    let run = await listed(id);
    while (run?.status !== 'live' && run?.status !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = await listed(id);
    }
    // Tennessee's 7,687 confirmed releases and West Virginia's 3,930; Tennessee's 8,951 cases of
    // another kind (tank closures, suspected releases, ...) are rejected rows, each with its status.
    expect(run).toMatchObject({
      status: 'live',
      source: 'inbox',
      states: ['TN', 'WV'],
      accepted: 7_687 + 3_930,
      rejected: 8_951,
      warnings: 13 + 7_107 + 495 + 85 + (22 + 3_746 + 100 + 84),
    });
  }, 360_000);

  it('runs imports one at a time: a second waits queued, and a ZIP and an inbox folder go live too', async () => {
    const inboxDe = path.join(embedded.dataDir, 'inbox', 'good', 'DE');
    await cp(DE_FOLDER, inboxDe, { recursive: true });
    const files = await Promise.all(DE_FILES.map(async (name) => ({ name: `DE/UST/${name}`, content: await readFile(path.join(DE_FOLDER, 'UST', name)) })));
    const first = (await upload([{ name: 'DE.zip', content: await zipOf(files) }])).json().id as string;
    const inbox = await gateway.inject({ method: 'POST', url: '/api/admin/imports', headers: adminHeaders, payload: { folder: 'good/DE' } });
    expect(inbox.statusCode).toBe(202);
    const second = inbox.json().id as string;
    const statuses: string[][] = [];
    for (;;) {
      const runs = await Promise.all([listed(first), listed(second)]);
      const pair = runs.map((run) => run!.status);
      if (statuses.at(-1)?.join() !== pair.join()) statuses.push(pair);
      expect(pair.filter((status) => ['reading', 'written', 'rebuilding'].includes(status)).length).toBeLessThanOrEqual(1);
      if (pair.every((status) => status === 'live' || status === 'failed')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The second waited queued while the first ran, and each went through every step.
    expect(statuses.some(([one, two]) => one === 'reading' && two === 'queued')).toBe(true);
    expect(statuses.some(([one, two]) => one === 'live' && two === 'reading')).toBe(true);
    expect(statuses.at(-1)).toEqual(['live', 'live']);
    expect(await listed(first)).toMatchObject({ source: 'upload', states: ['DE'], accepted: DE.facilities + DE.tanks });
    expect((await listed(first))!.files.sort()).toEqual(DE_FILES.map((name) => `DE/UST/${name}`).sort());
    expect(await listed(second)).toMatchObject({ source: 'inbox', files: ['.'], states: ['DE'], accepted: DE.facilities + DE.tanks });
    // The first DE upload's rows are now the newer imports': replaying it is refused, saying why.
    const stale = await gateway.inject({ method: 'POST', url: `/api/admin/imports/${deImport}/replay`, headers: adminHeaders });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(`Import ${deImport} was superseded by ${first} (same states); import its files again instead of replaying it`);
  }, 360_000);
});

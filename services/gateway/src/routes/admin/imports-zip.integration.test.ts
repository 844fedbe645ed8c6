/**
 * ZIP uploads to POST /api/admin/imports (docs/decisions/0036-import-uploads.md): a ZIP of the DE
 * fixture folder lands as the same files a folder upload gives, and a ZIP that would write
 * outside the upload folder, hold a link, an encrypted entry, a ZIP, a file that is not a CSV, or
 * unpack past the request limit (declared or only when inflated) is refused naming the ZIP and
 * the entry, leaving nothing behind. The import itself runs as for any upload
 * (services/standalone's admin imports test).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { createLogger, loadConfig, workspaceRoot, type JobQueue } from '@ust/platform';
import type { ImportRun } from '@ust/schemas';
import { buildGateway } from '../../build.js';
import { MAX_ZIP_ENTRIES } from '../../imports/zip-upload.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../../testing/embedded-test-ports.js';
import { createTestIssuer } from '../../testing/test-issuer.js';

const log = createLogger('imports-zip-test', { level: 'silent' });
const admin = { sub: 'local|ada', email: 'ada@example.com', email_verified: true, name: 'Ada Admin' };
// The real EPA fixtures the pipelines read (pipelines/fixtures).
const DE_UST = path.join(workspaceRoot, 'pipelines', 'fixtures', 'epa-template', 'DE', 'UST');
const DE_FILES = ['compartment.csv', 'facility.csv', 'piping.csv', 'tank.csv'];
/** Small enough to exceed in a test, large enough for the DE fixture (4.7 MB). */
const LIMIT = 8 * 1024 * 1024;
const S_IFLNK = 0o120000;

interface ZipEntry {
  name: string;
  content?: string | Buffer;
  /** A folder entry when true. */
  folder?: boolean;
  mode?: number;
}

async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.folder) zip.addEmptyDirectory(entry.name);
    else zip.addBuffer(Buffer.from(entry.content ?? 'x'), entry.name, entry.mode === undefined ? {} : { mode: entry.mode });
  }
  zip.end();
  return buffer(zip.outputStream);
}

/**
 * Rewrites the one entry of `zip` in its local header and its central directory record, as a
 * crafted ZIP would be: its name (same length), flags ORed in, or the size it declares; or the
 * number of entries its end record declares.
 */
function crafted(zip: Buffer, change: { rename?: [string, string]; flags?: number; declaredSize?: number; entryCount?: number }): Buffer {
  const bytes = Buffer.from(zip);
  const central = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (change.rename) {
    const [from, to] = change.rename.map((name) => Buffer.from(name));
    for (let at = bytes.indexOf(from!); at !== -1; at = bytes.indexOf(from!, at + 1)) to!.copy(bytes, at);
  }
  if (change.flags) {
    bytes.writeUInt16LE(bytes.readUInt16LE(6) | change.flags, 6);
    bytes.writeUInt16LE(bytes.readUInt16LE(central + 8) | change.flags, central + 8);
  }
  if (change.declaredSize !== undefined) {
    bytes.writeUInt32LE(change.declaredSize, 22);
    bytes.writeUInt32LE(change.declaredSize, central + 24);
  }
  if (change.entryCount !== undefined) {
    bytes.writeUInt16LE(change.entryCount, end + 8);
    bytes.writeUInt16LE(change.entryCount, end + 10);
  }
  return bytes;
}

async function multipart(files: { name: string; content: Buffer }[]) {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.content]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The entry's file with one more line at its end. */
const withRow = (entry: ZipEntry, line: string) => Buffer.concat([Buffer.from(String(entry.content).trimEnd()), Buffer.from(`\n${line}\n`)]);

describe('ZIP uploads for imports', () => {
  let gateway: FastifyInstance;
  let embedded: EmbeddedTestPorts;
  let headers: Record<string, string>;
  let deEntries: ZipEntry[];

  const upload = async (name: string, content: Buffer) => {
    const { payload, contentType } = await multipart([{ name, content }]);
    return gateway.inject({ method: 'POST', url: '/api/admin/imports', headers: { ...headers, 'content-type': contentType }, payload });
  };
  const uploadsDir = () => path.join(embedded.dataDir, 'uploads');
  const uploadFolders = () => readdir(uploadsDir()).catch(() => [] as string[]);

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('imports-zip-test');
    const issuer = await createTestIssuer();
    const config = loadConfig({ ...issuer.env, DATA_DIR: embedded.dataDir, ADMIN_EMAILS: admin.email, RATE_LIMIT_PER_MINUTE: '100000' });
    // The queue holds the import jobs: this test is about what lands in the upload folder, not the import that reads it.
    const jobs: JobQueue = { ...embedded.ports.jobs, process: async () => ({ close: async () => {} }) };
    gateway = await buildGateway({ config, ports: { ...embedded.ports, jobs }, logger: log, signingKeys: issuer.signingKeys, importUploadLimitBytes: LIMIT });
    headers = await issuer.headers(admin);
    const profile = await gateway.inject({
      method: 'POST',
      url: '/api/user-profile',
      headers,
      payload: { sub: admin.sub, email: admin.email, name: admin.name },
    });
    expect(profile.statusCode).toBe(200);
    deEntries = await Promise.all(DE_FILES.map(async (name) => ({ name: `DE/UST/${name}`, content: await readFile(path.join(DE_UST, name)) })));
  }, 120_000);
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
  });

  it('unpacks a ZIP of the DE folder into the same files, passing over __MACOSX/ and dotfiles, and deletes the ZIP', async () => {
    const zip = await zipOf([
      { name: 'DE/', folder: true },
      { name: 'DE/UST/', folder: true },
      ...deEntries,
      { name: '__MACOSX/DE/UST/._tank.csv', content: 'resource fork' },
      { name: 'DE/.DS_Store', content: 'finder' },
    ]);
    const response = await upload('DE.zip', zip);
    expect(response.statusCode).toBe(202);
    const { id } = response.json() as { id: string; status: string };
    const directory = path.join(uploadsDir(), id);
    expect(await filesUnder(directory)).toEqual(DE_FILES.map((name) => `DE/UST/${name}`));
    for (const name of DE_FILES) {
      expect((await readFile(path.join(directory, 'DE', 'UST', name))).equals(await readFile(path.join(DE_UST, name)))).toBe(true);
    }
    const list = await gateway.inject({ method: 'GET', url: '/api/admin/imports', headers });
    const run = (list.json().imports as ImportRun[]).find((entry) => entry.id === id);
    expect(run).toMatchObject({ source: 'upload', status: 'queued' });
    expect(run!.files.sort()).toEqual(DE_FILES.map((name) => `DE/UST/${name}`));
  });

  it('knows a ZIP by its first bytes whatever its name', async () => {
    const response = await upload('DE export', await zipOf(deEntries));
    expect(response.statusCode).toBe(202);
    expect(await filesUnder(path.join(uploadsDir(), response.json().id))).toEqual(DE_FILES.map((name) => `DE/UST/${name}`));
  });

  it('refuses a ZIP naming the entry at fault, and keeps nothing of it', async () => {
    const tank = deEntries.find((entry) => entry.name.endsWith('tank.csv'))!;
    const facility = deEntries.find((entry) => entry.name.endsWith('facility.csv'))!;
    const facilityLines = String(facility.content).trimEnd().split('\n').length;
    const zeros = Buffer.alloc(LIMIT + 1024, 0x30);
    const cases: { what: string; zip: Buffer; status: number; message: string }[] = [
      {
        what: 'zip-slip',
        zip: crafted(await zipOf([{ name: 'xx/xx/evil.csv', content: 'a\n1\n' }]), { rename: ['xx/xx/evil.csv', '../../evil.csv'] }),
        status: 400,
        message: 'bad.zip: ../../evil.csv: not a file name inside the upload',
      },
      {
        what: 'absolute path',
        zip: crafted(await zipOf([{ name: 'xetc/evil.csv', content: 'a\n1\n' }]), { rename: ['xetc/evil.csv', '/etc/evil.csv'] }),
        status: 400,
        message: 'bad.zip: /etc/evil.csv: not a file name inside the upload',
      },
      {
        what: 'symlink',
        zip: await zipOf([...deEntries, { name: 'DE/UST/link.csv', content: '/etc/passwd', mode: S_IFLNK | 0o777 }]),
        status: 400,
        message: 'bad.zip: DE/UST/link.csv: a symbolic link; the ZIP may hold only folders and CSV files',
      },
      {
        what: 'encrypted',
        zip: crafted(await zipOf([tank]), { flags: 0x1 }),
        status: 400,
        message: 'bad.zip: DE/UST/tank.csv: the entry is encrypted; send a ZIP without a password',
      },
      {
        what: 'nested ZIP',
        zip: await zipOf([...deEntries, { name: 'DE/more.zip', content: await zipOf(deEntries) }]),
        status: 400,
        message: 'bad.zip: DE/more.zip: a ZIP inside the ZIP; put its CSV files in the one ZIP',
      },
      {
        what: 'not a CSV',
        zip: await zipOf([...deEntries, { name: 'DE/UST/readme.txt', content: 'hello' }]),
        status: 400,
        message: 'bad.zip: DE/UST/readme.txt: not a CSV file or EPA template workbook (EPA template or UST Finder .csv files, EPA template .xlsx workbooks)',
      },
      {
        what: 'unknown layout',
        zip: await zipOf([{ name: 'DE/lookup.csv', content: 'Code,Meaning\n1,One\n' }]),
        status: 400,
        message:
          'bad.zip: DE/lookup.csv: not a known EPA template or UST Finder file (unknown layout: the header row matches neither the EPA template nor UST Finder)',
      },
      {
        what: 'bomb, declared',
        zip: await zipOf([{ name: 'DE/UST/tank.csv', content: zeros }]),
        status: 413,
        message: 'bad.zip: DE/UST/tank.csv: the ZIP unpacks to more than the limit of 8 MB per request',
      },
      {
        what: 'bomb, declaring a small size',
        zip: crafted(await zipOf([{ name: 'DE/UST/tank.csv', content: zeros }]), { declaredSize: 1_000 }),
        status: 413,
        message: 'bad.zip: DE/UST/tank.csv: the ZIP unpacks to more than the limit of 8 MB per request',
      },
      {
        what: 'bomb, across entries',
        zip: await zipOf([...deEntries, { name: 'DE/UST/more.csv', content: zeros.subarray(0, LIMIT / 2) }]),
        status: 413,
        message: 'bad.zip: DE/UST/more.csv: the ZIP unpacks to more than the limit of 8 MB per request',
      },
      {
        what: 'too many entries',
        zip: crafted(await zipOf([tank]), { entryCount: MAX_ZIP_ENTRIES + 1 }),
        status: 413,
        message: `bad.zip: the ZIP holds ${MAX_ZIP_ENTRIES + 1} entries, more than the limit of ${MAX_ZIP_ENTRIES}`,
      },
      {
        what: 'a field over its limit',
        zip: await zipOf([...deEntries.filter((entry) => entry !== facility), { name: facility.name, content: withRow(facility, 'x'.repeat(1_001)) }]),
        status: 400,
        message: `bad.zip: DE/UST/facility.csv, line ${facilityLines + 1}, column "FacilityID": the field holds more than 1,000 characters, the limit for this column`,
      },
      {
        what: 'a row of more than 100 columns',
        zip: await zipOf([{ name: facility.name, content: withRow(facility, ','.repeat(1_000_000)) }]),
        status: 400,
        message: `bad.zip: DE/UST/facility.csv, line ${facilityLines + 1}: the row holds more than 100 columns, the limit for a row`,
      },
      { what: 'empty ZIP', zip: await zipOf([]), status: 400, message: 'bad.zip: the ZIP holds no CSV file' },
      {
        what: 'no CSV',
        zip: await zipOf([
          { name: 'DE/', folder: true },
          { name: '__MACOSX/._DE', content: 'x' },
        ]),
        status: 400,
        message: 'bad.zip: the ZIP holds no CSV file',
      },
      {
        what: 'not a ZIP',
        zip: Buffer.from('Code,Meaning\n1,One\n'),
        status: 400,
        message: 'bad.zip: not a readable ZIP file (End of central directory record signature not found. Either not a zip file, or file is truncated.)',
      },
    ];
    const before = await uploadFolders();
    for (const { what, zip, status, message } of cases) {
      const response = await upload('bad.zip', zip);
      expect({ what, status: response.statusCode, message: response.json().error.message }).toEqual({ what, status, message });
      expect(await uploadFolders()).toEqual(before);
    }
  });

  it('refuses a CSV sent as it is with a field over its limit, naming the file, the line and the column', async () => {
    const facility = deEntries.find((entry) => entry.name.endsWith('facility.csv'))!;
    const lines = String(facility.content).trimEnd().split('\n').length;
    const before = await uploadFolders();
    const response = await upload(facility.name, withRow(facility, `1,${'y'.repeat(1_001)}`));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(
      new RegExp(`^DE/UST/facility\\.csv, line ${lines + 1}, column "[A-Za-z]+": the field holds more than 1,000 characters, the limit for this column$`),
    );
    expect(await uploadFolders()).toEqual(before);
  });
});

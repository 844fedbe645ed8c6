/**
 * Hostile uploads to the two multipart routes, POST /api/screenings (a portfolio file) and POST
 * /api/admin/imports (CSV files or ZIPs of them), and hostile connections under them. Each is
 * refused with a 4xx naming the problem, in the one error shape within MAX_ERROR_BODY_BYTES
 * (refusalProblems), with nothing logged as an error of the server's and nothing left in the
 * upload folder.
 */
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { MAX_SCREENING_BYTES } from '@ust/schemas';
import { refusalProblems, type AnsweredRequest } from '../testing/refusal-problems.js';
import { startTestGateway, TEST_ADMIN, type TestGateway } from '../testing/test-gateway.js';

const BOUNDARY = 'attack-boundary';
const CSV = Buffer.from('a,b\n1,2\n');
const CUT_SHORT = /^body: the multipart body ends before its closing boundary/;

interface Part {
  /** The form field; `files` unless given. */
  field?: string;
  /** The file name as it goes in the header (raw: a test may put a NUL in it). */
  filename?: string;
  /** The part's Content-Type; busboy takes a part for a file when it has a file name or this type. @defaultValue application/octet-stream with a file name, none without */
  contentType?: string;
  content: Buffer;
}

/** A multipart/form-data body written by hand, so that a test can break it where a client library would not. */
function multipartBody(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks = parts.flatMap((part) => {
    const contentType = part.contentType ?? (part.filename === undefined ? undefined : 'application/octet-stream');
    const head = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="${part.field ?? 'files'}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`,
      ...(contentType ? [`Content-Type: ${contentType}`] : []),
    ];
    return [Buffer.from(`${head.join('\r\n')}\r\n\r\n`), part.content, Buffer.from('\r\n')];
  });
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

async function zipOf(entries: { name: string; content?: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.content ?? CSV, entry.name);
  zip.end();
  return buffer(zip.outputStream);
}

/**
 * A workbook with a Facility sheet whose directory entry says it unpacks to `bytes`: the sheet
 * itself is stored small, as a bomb's would be compressed; only the directory is read at upload.
 */
async function workbookUnpackingTo(bytes: number): Promise<Buffer> {
  const sheet = 'xl/worksheets/sheet1.xml';
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('<workbook><sheets><sheet name="Facility" sheetId="1" r:id="rId1"/></sheets></workbook>'), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from('<Relationships><Relationship Id="rId1" Target="/xl/worksheets/sheet1.xml"/></Relationships>'), 'xl/_rels/workbook.xml.rels');
  zip.addBuffer(Buffer.from('<worksheet/>'), sheet, { compress: false });
  zip.end();
  const bytesOf = await buffer(zip.outputStream);
  // The name's second occurrence is in the central directory, 46 bytes into its entry; the
  // uncompressed size is the entry's bytes 24-27.
  const name = Buffer.from(sheet);
  const central = bytesOf.indexOf(name, bytesOf.indexOf(name) + 1) - 46;
  bytesOf.writeUInt32LE(bytes, central + 24);
  return bytesOf;
}

/** `zip` with every occurrence of `from` in its names (local headers and central directory) replaced by `to`, of the same length. */
function renamedInZip(zip: Buffer, from: string, to: string): Buffer {
  const bytes = Buffer.from(zip);
  const [search, replacement] = [Buffer.from(from, 'latin1'), Buffer.from(to, 'latin1')];
  for (let at = bytes.indexOf(search); at !== -1; at = bytes.indexOf(search, at + 1)) replacement.copy(bytes, at);
  return bytes;
}

/** Status, headers and body of a raw HTTP/1.1 answer. */
function parseRawAnswer(raw: Buffer): AnsweredRequest {
  const end = raw.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { statusCode: Number(statusLine!.split(' ')[1]), headers, rawPayload: raw.subarray(end + 4) };
}

describe('hostile uploads', () => {
  let platform: TestGateway;
  let headers: Record<string, string>;
  let port: number;
  const uploadFolders = () => readdir(path.join(platform.embedded.dataDir, 'uploads')).catch(() => [] as string[]);

  beforeAll(async () => {
    platform = await startTestGateway('uploads-attack', { env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    headers = (await platform.signIn(TEST_ADMIN)).headers;
    await platform.gateway.listen({ host: '127.0.0.1', port: 0 });
    port = (platform.gateway.server.address() as net.AddressInfo).port;
  }, 120_000);
  afterAll(() => platform?.close());
  beforeEach(() => {
    platform.logged.length = 0;
  });

  const post = (url: string, payload: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
    platform.gateway.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });
  const screen = (payload: Buffer, contentType?: string) => post('/api/screenings', payload, contentType);
  const importFiles = (payload: Buffer, contentType?: string) => post('/api/admin/imports', payload, contentType);
  const importZip = async (name: string, zip: Buffer) => importFiles(multipartBody([{ filename: name, content: zip }]));

  /** The invariant, the status and the message, and no trace left: nothing logged as an error, no upload folder. */
  async function expectRefused(response: LightMyRequestResponse | AnsweredRequest, status: number, message: string | RegExp): Promise<void> {
    expect(refusalProblems(response)).toEqual([]);
    expect(response.statusCode).toBe(status);
    const body = JSON.parse(response.rawPayload.toString('utf8')) as { error: { message: string } };
    if (typeof message === 'string') expect(body.error.message).toBe(message);
    else expect(body.error.message).toMatch(message);
    expect(platform.errorsLogged()).toEqual([]);
    expect(await uploadFolders()).toEqual([]);
  }

  describe('a portfolio to screen', () => {
    it('sends a file whose first line is 10 MB of commas', async () => {
      const commas = Buffer.alloc(MAX_SCREENING_BYTES - 1_000, ',');
      const response = await screen(multipartBody([{ field: 'file', filename: 'portfolio.csv', content: commas }]));
      await expectRefused(response, 400, 'line 1: the row holds more than 100 columns, the limit for a row');
    });

    it('sends a header of 100 long column names, which the refusal lists', async () => {
      const header = Array.from({ length: 100 }, (_, index) => `漢${index}${'漢'.repeat(900)}`).join(',');
      const response = await screen(multipartBody([{ field: 'file', filename: 'portfolio.csv', content: Buffer.from(`${header}\n1\n`) }]));
      await expectRefused(response, 400, /^line 1: no reference column \(found "漢0漢+…", .* and 88 more\); expected a header row/);
    });

    it('sends a field of 990 CJK characters followed by a stray quote, which the parser quotes back', async () => {
      const content = Buffer.concat([Buffer.from('reference,address,notes\n1,1 Main St,'), Buffer.from('漢'.repeat(990)), Buffer.from('"x\n')]);
      const response = await screen(multipartBody([{ field: 'file', filename: 'portfolio.csv', content }]));
      await expectRefused(response, 400, /^line 2: the CSV cannot be read: Invalid Opening Quote: a quote is found on field 2 at line 2, value is "漢+…$/);
    });

    it('cuts the multipart body short in the middle of the file', async () => {
      const body = multipartBody([{ field: 'file', filename: 'portfolio.csv', content: Buffer.from('reference,address\n'.repeat(100)) }]);
      await expectRefused(await screen(body.subarray(0, body.length / 2)), 400, CUT_SHORT);
    });

    it('leaves out the closing boundary', async () => {
      const body = multipartBody([{ field: 'file', filename: 'portfolio.csv', content: CSV }]);
      await expectRefused(await screen(body.subarray(0, body.indexOf(`--${BOUNDARY}--`))), 400, CUT_SHORT);
    });

    it('sends multipart/form-data without a boundary', async () => {
      const response = await screen(multipartBody([{ field: 'file', filename: 'portfolio.csv', content: CSV }]), 'multipart/form-data');
      await expectRefused(response, 400, 'content-type: multipart/form-data without a boundary (multipart/form-data; boundary=...)');
    });

    it('sends a boundary of 300 characters', async () => {
      const boundary = 'b'.repeat(300);
      const response = await screen(multipartBody([{ field: 'file', filename: 'p.csv', content: CSV }], boundary), `multipart/form-data; boundary=${boundary}`);
      await expectRefused(response, 400, 'content-type: the multipart boundary is longer than 70 characters');
    });

    it('sends the portfolio as a form field rather than a file', async () => {
      const response = await screen(multipartBody([{ field: 'file', content: CSV }]));
      await expectRefused(response, 400, 'file: a part without a file name; send each file as a file part (a Content-Disposition with a filename)');
    });
  });

  describe('files to import', () => {
    it('sends a ZIP whose entry name holds a NUL byte', async () => {
      const zip = renamedInZip(await zipOf([{ name: 'DE/UST/taNk.csv' }]), 'taNk', 'ta\0k');
      await expectRefused(await importZip('DE.zip', zip), 400, 'DE.zip: DE/UST/ta\\u0000k.csv: a file name may not hold control characters');
    });

    it('sends a ZIP holding a.csv beside a.csv/b.csv', async () => {
      const zip = await zipOf([{ name: 'a.csv' }, { name: 'a.csv/b.csv' }]);
      await expectRefused(await importZip('DE.zip', zip), 400, 'DE.zip: a.csv/b.csv: the upload holds both a file and a folder named a.csv');
    });

    it('sends a ZIP holding a.csv/b.csv before a.csv', async () => {
      const zip = await zipOf([{ name: 'a.csv/b.csv' }, { name: 'a.csv' }]);
      await expectRefused(await importZip('DE.zip', zip), 400, 'DE.zip: a.csv: the upload holds both a file and a folder named a.csv');
    });

    it('sends the files a.csv and a.csv/b.csv', async () => {
      const body = multipartBody([
        { filename: 'a.csv', content: CSV },
        { filename: 'a.csv/b.csv', content: CSV },
      ]);
      await expectRefused(await importFiles(body), 400, 'a.csv/b.csv: the upload holds both a file and a folder named a.csv');
    });

    it('sends the files a.csv/b.csv and a.csv', async () => {
      const body = multipartBody([
        { filename: 'a.csv/b.csv', content: CSV },
        { filename: 'a.csv', content: CSV },
      ]);
      await expectRefused(await importFiles(body), 400, 'a.csv: the upload holds both a file and a folder named a.csv');
    });

    it('sends the same file name twice, the second to replace the first', async () => {
      const body = multipartBody([
        { filename: 'DE/UST/tank.csv', content: CSV },
        { filename: 'DE/UST/tank.csv', content: CSV },
      ]);
      await expectRefused(await importFiles(body), 400, 'DE/UST/tank.csv: the upload already holds a file of that name');
    });

    it('sends a file name holding a NUL byte', async () => {
      const body = multipartBody([{ filename: 'a\0b.csv', content: CSV }]);
      await expectRefused(await importFiles(body), 400, 'a\\u0000b.csv: a file name may not hold control characters');
    });

    it('sends a file name of 20,000 CJK characters', async () => {
      const body = multipartBody([{ filename: `${'漢'.repeat(20_000)}.txt`, content: CSV }]);
      await expectRefused(await importFiles(body), 400, /^漢{59}…漢{55}\.txt: not a CSV file/);
    });

    it('sends a ZIP whose entry name is 20,000 CJK characters', async () => {
      const zip = await zipOf([{ name: `DE/${'漢'.repeat(20_000)}.txt` }]);
      await expectRefused(await importZip('DE.zip', zip), 400, /^DE\.zip: DE\/漢{56}…漢{55}\.txt: not a CSV file/);
    });

    it('sends a broken ZIP under a name of 20,000 CJK characters', async () => {
      const body = multipartBody([{ filename: `${'漢'.repeat(20_000)}.zip`, content: Buffer.from('PK\x03\x04 and nothing more') }]);
      await expectRefused(await importFiles(body), 400, /^漢{59}…漢{55}\.zip: not a readable ZIP file/);
    });

    it('sends a workbook with no sheet of the EPA template', async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Notes').addRow(['FacilityID', 'FacilityName']);
      const content = Buffer.from(await workbook.xlsx.writeBuffer());
      await expectRefused(
        await importFiles(multipartBody([{ filename: 'UT/book.xlsx', content }])),
        400,
        'UT/book.xlsx: no sheet of the EPA template (Facility, Tank, Tank Substance, Compartment, Piping, Release) in this workbook',
      );
    });

    it('sends a CSV file named .xlsx', async () => {
      await expectRefused(await importFiles(multipartBody([{ filename: 'UT/book.xlsx', content: CSV }])), 400, /^UT\/book\.xlsx: not an Excel workbook/);
    });

    it('sends a workbook whose sheet says it unpacks to 4 GB', async () => {
      await expectRefused(
        await importFiles(multipartBody([{ filename: 'UT/bomb.xlsx', content: await workbookUnpackingTo(0xfffffff0) }])),
        413,
        /^UT\/bomb\.xlsx: the workbook unpacks to more than the limit of 500 MB per request$/,
      );
    });

    it('cuts the multipart body short in the middle of a file', async () => {
      const body = multipartBody([{ filename: 'DE/UST/tank.csv', content: Buffer.from('a,b\n1,2\n'.repeat(1_000)) }]);
      await expectRefused(await importFiles(body.subarray(0, body.length / 2)), 400, CUT_SHORT);
    });

    it('leaves out the closing boundary', async () => {
      const body = multipartBody([{ filename: 'DE/UST/tank.csv', content: CSV }]);
      await expectRefused(await importFiles(body.subarray(0, body.indexOf(`--${BOUNDARY}--`))), 400, CUT_SHORT);
    });

    it('sends text that holds no boundary line at all', async () => {
      await expectRefused(await importFiles(Buffer.from('facility_id,state\n1,DE\n')), 400, CUT_SHORT);
    });

    it('sends multipart/form-data without a boundary', async () => {
      const response = await importFiles(multipartBody([{ filename: 'DE/UST/tank.csv', content: CSV }]), 'multipart/form-data');
      await expectRefused(response, 400, 'content-type: multipart/form-data without a boundary (multipart/form-data; boundary=...)');
    });

    it('sends a boundary of 300 characters', async () => {
      const boundary = 'b'.repeat(300);
      const response = await importFiles(multipartBody([{ filename: 'a.csv', content: CSV }], boundary), `multipart/form-data; boundary=${boundary}`);
      await expectRefused(response, 400, 'content-type: the multipart boundary is longer than 70 characters');
    });

    it('sends a form field rather than a file', async () => {
      const response = await importFiles(multipartBody([{ content: CSV }]));
      await expectRefused(response, 400, 'files: a part without a file name; send each file as a file part (a Content-Disposition with a filename)');
    });

    it('sends a file without a file name', async () => {
      const response = await importFiles(multipartBody([{ contentType: 'application/octet-stream', content: CSV }]));
      await expectRefused(response, 400, '(no name): not a file name inside the upload');
    });
  });

  describe('the connection under an upload', () => {
    /** Writes `head` and `body` on a socket, half-closes it once `whenWritten` holds, and resolves with the raw answer. */
    function exchange(head: string, body: Buffer, whenWritten: () => Promise<void> = async () => {}): Promise<Buffer> {
      return new Promise((resolve, reject) => {
        const received: Buffer[] = [];
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(head);
          socket.write(body, () => void whenWritten().then(() => socket.end(), reject));
        });
        socket.on('data', (chunk: Buffer) => received.push(chunk));
        // The server may close first (it refuses the request before reading it all): the answer is what arrived.
        socket.on('error', () => {});
        socket.on('close', () => resolve(Buffer.concat(received)));
      });
    }

    it('closes its side of the connection halfway through an import upload', async () => {
      const body = multipartBody([{ filename: 'DE/UST/tank.csv', content: Buffer.from('a,b\n1,2\n'.repeat(10_000)) }]);
      const head = `POST /api/admin/imports HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${headers.authorization}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`;
      // Closed once the route reads the upload (its folder exists), so it is the upload that is cut short.
      const raw = await exchange(head, body.subarray(0, body.length / 2), () =>
        vi.waitFor(async () => expect(await uploadFolders()).toHaveLength(1), { timeout: 10_000 }),
      );
      // The route's own refusal comes after the connection's answer: it is the one logged.
      await vi.waitFor(() => expect(platform.logged.some((line) => line.includes('"url":"/api/admin/imports"'))).toBe(true), { timeout: 10_000 });
      await expectRefused(parseRawAnswer(raw), 400, 'The connection closed before the request was complete');
    });

    it('sends request headers over the size the server accepts', async () => {
      const head = `POST /api/admin/imports HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'p'.repeat(20_000)}\r\nContent-Length: 0\r\n\r\n`;
      await expectRefused(parseRawAnswer(await exchange(head, Buffer.alloc(0))), 431, 'The request headers are larger than the server accepts');
    });
  });
});

/**
 * Portfolio screening on the real fixtures, as a broker's client calls it: a CSV of fixture
 * facility addresses, their coordinates, points near them and bad rows is screened to the
 * end; every row comes back, matched by the rule docs/decisions/0035-portfolio-matching.md
 * names, screened, or not located with its reason. Then who may see it, the file problems
 * that answer 400 or 413, the three downloads read back (CSV, XLSX with exceljs, PDF with
 * pdftotext), and a screening whose workers stop resuming where it was in the next workers.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyProblemsOf } from '@ust/gateway/testing';
import { appendResultLines, countResults, readResults, readScreeningRecord } from '@ust/read-model';
import {
  API_ROUTES,
  PRICING_DISCLAIMER,
  type CountyFacilitiesResponse,
  type FacilityListItem,
  type ScreeningAccepted,
  type ScreeningResult,
  type ScreeningRow,
  type ScreeningRun,
} from '@ust/schemas';
import { eventually } from '../../telemetry-probe.js';
import { startGatewayOnFixtures, type FixturesGateway } from '../../testing/gateway-on-fixtures.js';

const run = promisify(execFile);
const admin = { sub: 'local|ada', email: 'ada@example.com', email_verified: true, name: 'Ada Admin' };
const broker = { sub: 'local|bea', email: 'bea@example.com', name: 'Bea Broker' };
const otherBroker = { sub: 'local|bo', email: 'bo@example.com', name: 'Bo Broker' };
const underwriter = { sub: 'local|uma', email: 'uma@example.com', name: 'Uma Underwriter' };
const general = { sub: 'local|gus', email: 'gus@example.com', name: 'Gus General' };

type Headers = Record<string, string>;

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipartFile(name: string, content: Buffer | string, field = 'file'): { payload: Buffer; headers: Headers } {
  const boundary = `----screening${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const csvField = (value: string | number | null) =>
  value === null ? '' : /[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value);
const csvLine = (values: Array<string | number | null>) => values.map(csvField).join(',');

describe('portfolio screening', () => {
  let platform: FixturesGateway;
  let gateway: FastifyInstance;
  const headersOf = new Map<string, Headers>();
  let directory: string;
  let facilities: FacilityListItem[];

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, body?: object) =>
    gateway.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  const upload = (who: Headers, name: string, content: Buffer | string) => {
    const { payload, headers } = multipartFile(name, content);
    return gateway.inject({ method: 'POST', url: '/api/screenings', headers: { ...who, ...headers }, payload });
  };
  const until = (headers: Headers, id: string, done: (screening: ScreeningRun) => boolean) =>
    eventually(
      `screening ${id}`,
      async () => {
        const screening = (await call('GET', `/api/screenings/${id}`, headers)).json<ScreeningRun>();
        return done(screening) ? screening : undefined;
      },
      120_000,
    );

  beforeAll(async () => {
    platform = await startGatewayOnFixtures('portfolio-screening', { ADMIN_EMAILS: admin.email });
    gateway = platform.gateway;
    directory = await mkdtemp(path.join(os.tmpdir(), 'ust-screening-'));
    for (const claims of [admin, broker, otherBroker, underwriter, general]) {
      const headers = await platform.issuer.headers(claims);
      headersOf.set(claims.sub, headers);
      const { id } = (await call('POST', '/api/user-profile', headers, { sub: claims.sub, email: claims.email, name: claims.name })).json<{ id: string }>();
      const role = claims === broker || claims === otherBroker ? 'broker' : claims === underwriter ? 'underwriter' : null;
      if (role) expect((await call('PATCH', `/api/admin/users/${id}`, headersOf.get(admin.sub)!, { role })).statusCode).toBe(200);
    }
    const county = (await call('GET', '/api/facilities/by-fips/11001', headersOf.get(broker.sub)!)).json<CountyFacilitiesResponse>();
    // Facilities at points of their own: one placed at its ZIP's centroid is not matched by
    // distance (docs/decisions/0110-located-by.md).
    facilities = county.facilities.filter(
      (facility) =>
        facility.Address &&
        facility.Zip_Code &&
        facility.Latitude !== null &&
        facility.Longitude !== null &&
        (facility.LOCATED_BY === 'coordinates' || facility.LOCATED_BY === 'address'),
    );
  }, 300_000);
  afterAll(async () => {
    await platform?.close();
  });

  const as = (claims: { sub: string }) => headersOf.get(claims.sub)!;

  /** 40 addresses, 20 exact coordinates, 10 points 0.6 miles off, and five bad rows. */
  function portfolioCsv(): { csv: string; lines: Record<string, number> } {
    expect(facilities.length).toBeGreaterThanOrEqual(70);
    const rows: string[] = [csvLine(['Reference', 'Address', 'City', 'State', 'ZIP', 'Latitude', 'Longitude'])];
    const lines: Record<string, number> = {};
    const add = (reference: string, values: Array<string | number | null>) => {
      rows.push(csvLine([reference, ...values]));
      lines[reference] ??= rows.length;
    };
    facilities
      .slice(0, 40)
      .forEach((facility, index) => add(`ADDR-${index}`, [facility.Address, facility.City, facility.State, facility.Zip_Code, null, null]));
    facilities.slice(40, 60).forEach((facility, index) => add(`POINT-${index}`, [null, null, null, null, facility.Latitude, facility.Longitude]));
    facilities.slice(60, 70).forEach((facility, index) => add(`NEAR-${index}`, [null, null, null, null, facility.Latitude! + 0.009, facility.Longitude]));
    add('EMPTY', [null, null, null, null, null, null]);
    add('BAD-LAT', [null, null, null, null, 123.4, -77]);
    add('HALF', [null, null, null, null, 38.9, null]);
    add('NOWHERE', ['1 Qwxzy Plaza', 'Zzqvx', null, null, null, null]);
    add('ADDR-0', [null, null, null, null, facilities[0]!.Latitude, facilities[0]!.Longitude]);
    return { csv: `${rows.join('\r\n')}\r\n`, lines };
  }

  let screeningId: string;
  let result: ScreeningResult;
  const rowOf = (reference: string, occurrence = 0) => result.rows.filter((row) => row.reference === reference)[occurrence]!;

  it('screens every row of a broker’s file: matched by address or proximity, screened, or not located with its reason', async () => {
    const { csv, lines } = portfolioCsv();
    const accepted = await upload(as(broker), 'Book of business.csv', csv);
    expect(accepted.statusCode).toBe(202);
    const body = accepted.json<ScreeningAccepted>();
    expect(body).toMatchObject({ status: 'queued', rows_total: 75 });
    screeningId = body.id;
    const done = await until(as(broker), screeningId, (screening) => screening.status === 'done');
    expect(done).toMatchObject({ rows_total: 75, rows_done: 75, file_name: 'Book of business.csv', owner_email: broker.email, failure: null });
    expect(done.matched + done.screened + done.not_located).toBe(75);
    expect(done.dataset_version).toBeGreaterThan(0);

    const response = await call('GET', `/api/screenings/${screeningId}/rows`, as(broker));
    expect(response.statusCode).toBe(200);
    result = response.json<ScreeningResult>();
    expect(bodyProblemsOf(API_ROUTES['GET /api/screenings/{id}/rows'].response)(result)).toEqual([]);
    expect(result.pricing_note).toBe(PRICING_DISCLAIMER);
    expect(result.rows.map((row) => row.line)).toEqual(Array.from({ length: 75 }, (_, index) => index + 2));

    // A fixture facility's own address and ZIP match it by the address rule.
    const byAddress = facilities.slice(0, 40).map((facility, index) => ({ facility, row: rowOf(`ADDR-${index}`) }));
    const addressMatches = byAddress.filter(({ facility, row }) => row.match?.rule === 'address' && row.facility?.id === facility.Facility_ID);
    expect(addressMatches.length).toBeGreaterThanOrEqual(36);
    for (const { row } of byAddress) expect(row.outcome).not.toBe('not_located');
    // Its coordinates match it by proximity (a co-located facility may be the one matched).
    for (const [index, facility] of facilities.slice(40, 60).entries()) {
      const row = rowOf(`POINT-${index}`);
      expect(row).toMatchObject({ outcome: 'matched', match: { rule: 'proximity', distance_feet: 0 }, location: { located_by: 'coordinates' } });
      expect(row.facility!.latitude).toBe(facility.Latitude);
    }
    const matched = rowOf('POINT-0').facility!;
    expect(matched.risk_score).toBeGreaterThanOrEqual(1);
    expect(matched.source).toBe('epa-template/DC/UST/facility.csv');
    if (matched.active_tank_count > 0) expect(matched.pricing.quotes).toHaveLength(4);
    // 0.6 miles north: nothing within 250 ft unless another facility is there; the surroundings are counted either way.
    for (let index = 0; index < 10; index++) {
      const row = rowOf(`NEAR-${index}`);
      expect(row.outcome === 'screened' || (row.match?.rule === 'proximity' && row.match.distance_feet <= 250)).toBe(true);
      expect(row.surroundings!.facilities_within_one_mile).toBeGreaterThanOrEqual(1);
      expect(row.surroundings!.facilities_within_quarter_mile).toBeLessThanOrEqual(row.surroundings!.facilities_within_one_mile);
      expect(row.surroundings!.releases_within_quarter_mile).toBeLessThanOrEqual(row.surroundings!.releases_within_one_mile);
      expect(row.surroundings!.highest_risk_within_one_mile).toBeGreaterThanOrEqual(1);
    }
    expect(result.rows.some((row) => row.surroundings?.nearest_release)).toBe(true);

    expect(rowOf('EMPTY')).toMatchObject({ outcome: 'not_located', reason: 'no address and no latitude and longitude', line: lines.EMPTY });
    expect(rowOf('BAD-LAT')).toMatchObject({ outcome: 'not_located', reason: 'latitude: 123.4 is out of range (-90 to 90)' });
    expect(rowOf('HALF')).toMatchObject({ outcome: 'not_located', reason: 'longitude: missing while the other coordinate is given' });
    expect(rowOf('NOWHERE')).toMatchObject({ outcome: 'not_located', reason: expect.stringMatching(/^not geocoded: /) });
    // A reference used twice: both rows are screened, the second says so.
    expect(rowOf('ADDR-0', 1)).toMatchObject({ outcome: 'matched', reason: `reference "ADDR-0" is also used on line ${lines['ADDR-0']}` });
  });

  it('shows a screening to its owner and to admins only; the general role may not screen', async () => {
    expect((await call('GET', `/api/screenings/${screeningId}`, as(otherBroker))).statusCode).toBe(404);
    expect((await call('GET', `/api/screenings/${screeningId}/rows`, as(underwriter))).statusCode).toBe(404);
    const stranger = await call('GET', `/api/screenings/${screeningId}/export/csv`, as(otherBroker));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(`Screening ${screeningId} not found`);
    expect((await call('GET', '/api/screenings', as(otherBroker))).json().screenings).toEqual([]);
    expect((await call('GET', `/api/screenings/${screeningId}`, as(admin))).json()).toMatchObject({ id: screeningId, owner_email: broker.email });
    expect((await call('GET', '/api/screenings', as(admin))).json<{ screenings: ScreeningRun[] }>().screenings.map((screening) => screening.id)).toContain(
      screeningId,
    );
    for (const [method, url] of [
      ['GET', '/api/screenings'],
      ['GET', `/api/screenings/${screeningId}`],
      ['POST', '/api/screenings'],
    ] as const) {
      const refused = await call(method, url, as(general));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('This needs the broker or underwriter or admin role; your role is general');
    }
    expect((await upload(as(underwriter), 'one.csv', 'ref,lat,lon\r\nU-1,38.9,-77.03\r\n')).statusCode).toBe(202);
  });

  it('answers a file it cannot screen with 400 or 413 naming the line and the problem', async () => {
    const refused = async (content: Buffer | string, status = 400) => {
      const response = await upload(as(broker), 'bad.csv', content);
      expect(response.statusCode).toBe(status);
      return response.json<{ error: { message: string } }>().error.message;
    };
    expect(await refused('Reference,Name\r\nA,Station\r\n')).toMatch(
      /^line 1: no address column and no latitude and longitude columns \(found "Reference", "Name"\)/,
    );
    expect(await refused('Address,City\r\n1 Main St,Dover\r\n')).toMatch(/^line 1: no reference column/);
    expect(await refused(Buffer.concat([Buffer.from('ref,address\r\nA,1 Main St\r\nB,12 Caf'), Buffer.from([0xe9]), Buffer.from(' Rd\r\n')]))).toBe(
      'line 3: the file is not UTF-8 text (byte 0xE9 at offset 34); save it as "CSV UTF-8"',
    );
    expect(await refused('ref,address\r\n')).toBe('file: the file has a header row but no locations');
    expect(await refused('')).toMatch(/^file: the file is empty/);
    expect(await refused('ref,address\r\nA,"1 Main St\r\n')).toMatch(/^line \d+: the CSV cannot be read/);
    const tooMany = ['ref,latitude,longitude', ...Array.from({ length: 10_001 }, (_, index) => `R${index},38.9,-77`)].join('\n');
    expect(await refused(tooMany)).toBe('line 10002: the file holds 10,001 locations; at most 10,000 per file');
    const tooLarge = `ref,address\n${'A,'.padEnd(10 * 1024 * 1024 + 10, 'x')}\n`;
    expect(await refused(tooLarge, 413)).toBe('file: a portfolio file holds at most 10 MB');
    const notMultipart = await call('POST', '/api/screenings', as(broker), { address: '1 Main St' });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('downloads the result as CSV, XLSX and a PDF summary', async () => {
    const csvResponse = await call('GET', `/api/screenings/${screeningId}/export/csv`, as(broker));
    expect(csvResponse.statusCode).toBe(200);
    expect(csvResponse.headers['content-disposition']).toBe(`attachment; filename="screening-Book-of-business-${screeningId}.csv"`);
    const csv = csvResponse.body;
    expect(csv.startsWith('\uFEFFline,reference,outcome,reason,')).toBe(true);
    const csvLines = csv.trimEnd().split('\r\n');
    expect(csvLines).toHaveLength(76);
    const header = csvLines[0]!.replace('\uFEFF', '').split(',');
    expect(header).toEqual(
      expect.arrayContaining(['facility_id', 'risk_score', 'match_rule', 'lowest_premium_usd', 'releases_within_1_mi', 'generated_demo_record']),
    );
    expect(header.filter((name) => name.startsWith('premium_usd_'))).toHaveLength(4);
    expect(csvLines.find((line) => line.includes(',EMPTY,'))).toContain('Not located,no address and no latitude and longitude');

    const xlsxResponse = await call('GET', `/api/screenings/${screeningId}/export/xlsx`, as(broker));
    expect(xlsxResponse.statusCode).toBe(200);
    expect(xlsxResponse.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsxResponse.rawPayload as unknown as ArrayBuffer);
    const locations = workbook.getWorksheet('Locations')!;
    expect(locations.rowCount).toBe(76);
    expect(locations.getRow(1).getCell(2).value).toBe('reference');
    const point = result.rows.find((row) => row.reference === 'POINT-0')!;
    const pointRow = locations.getRow(point.line);
    expect(pointRow.getCell(2).value).toBe('POINT-0');
    expect(pointRow.getCell(header.indexOf('risk_score') + 1).value).toBe(point.facility!.risk_score);
    expect(workbook.getWorksheet('About')!.getRow(9).getCell(2).value).toBe(PRICING_DISCLAIMER);

    const pdfResponse = await call('GET', `/api/screenings/${screeningId}/summary.pdf`, as(broker));
    expect(pdfResponse.statusCode).toBe(200);
    expect(pdfResponse.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = path.join(directory, 'summary.pdf');
    await writeFile(file, pdfResponse.rawPayload);
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('Portfolio screening summary');
    expect(text).toContain('Book of business.csv');
    expect(text).toContain('Risk distribution of matched facilities');
    expect(text).toContain('Top 20 exposures');
    expect(text).toContain('Locations by state');
    expect(text).toContain(PRICING_DISCLAIMER);
    for (const quote of point.facility!.pricing.quotes) expect(text).toContain(quote.carrier);
    expect(text).toMatch(/\nDC\s+\d+/);
  });

  it('pauses a screening when its workers stop and resumes it where it was in the next ones, every row once', async () => {
    const points = facilities.map((facility) => [facility.Latitude, facility.Longitude] as const);
    const lines = [
      'ref,latitude,longitude',
      ...Array.from({ length: 6_000 }, (_, index) => `R-${index},${points[index % points.length]![0]},${points[index % points.length]![1]}`),
    ];
    const accepted = (await upload(as(broker), 'large.csv', lines.join('\n'))).json<ScreeningAccepted>();
    const partway = await until(as(broker), accepted.id, (screening) => screening.status === 'running' && screening.rows_done > 0);
    expect(partway.rows_done).toBeLessThan(6_000);
    const { store } = platform.ports;
    await platform.restartWorkers(async () => {
      // Paused, not finished: its record still says running, and its saved results are the rows it says it did.
      const paused = (await readScreeningRecord(store, accepted.id))!;
      expect(paused).toMatchObject({ status: 'running', runs: 1 });
      expect(paused.rows_done).toBeLessThan(6_000);
      expect(await countResults(store, paused)).toBe(paused.rows_done);
      // As if a stop had come between saving a batch and recording it: the last saved row is saved again.
      const [last] = (await readResults(store, paused)).slice(-1);
      await appendResultLines(store, paused, paused.rows_done - 1, [JSON.stringify(last)]);
    });
    const done = await until(as(broker), accepted.id, (screening) => screening.status === 'done');
    expect(done).toMatchObject({ rows_done: 6_000, matched: 6_000 });
    const rows = (await call('GET', `/api/screenings/${accepted.id}/rows`, as(broker))).json<ScreeningResult>().rows;
    expect(rows.map((row: ScreeningRow) => row.reference)).toEqual(Array.from({ length: 6_000 }, (_, index) => `R-${index}`));
    expect(await readScreeningRecord(store, accepted.id)).toMatchObject({ status: 'done', runs: 2 });
  });
});

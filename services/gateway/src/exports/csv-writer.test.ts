import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvChunks } from './csv-writer.js';
import { featureCollectionChunks, pointFeature } from './geojson-writer.js';

describe('csvCell', () => {
  it('prefixes a quote to text a spreadsheet would run as a formula: = + - @ tab CR', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx'].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx", `"'\rx"`]);
  });
  it('writes numbers as they are, null as empty, and quotes a quote, a comma or a line end', () => {
    expect([-75.5, 0, null, undefined, true, 'a,b', 'say "hi"', 'two\nlines', 'Zoë'].map(csvCell)).toEqual([
      '-75.5',
      '0',
      '',
      '',
      'true',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      'Zoë',
    ]);
  });
});

describe('csvChunks', () => {
  const columns = [
    { header: 'ID', cell: (row: number) => `F-${row}` },
    { header: 'Value', cell: (row: number) => row * 2 },
  ];

  it('starts with the BOM and the header, then one CRLF line per row', async () => {
    let text = '';
    for await (const chunk of csvChunks(columns, [1, 2, 3])) text += chunk;
    expect(text).toBe(`${CSV_BOM}ID,Value\r\nF-1,2\r\nF-2,4\r\nF-3,6\r\n`);
  });

  it('reads rows only as its chunks are taken: a long list is never one string', async () => {
    let read = 0;
    async function* rows() {
      for (let row = 0; row < 100_000; row++) {
        read++;
        yield row;
      }
    }
    const chunks = csvChunks(columns, rows());
    await chunks.next();
    const first = await chunks.next();
    expect(first.value.split('\r\n').length - 1).toBe(256);
    expect(read).toBeLessThan(300);
    await chunks.return(undefined);
  });
});

describe('featureCollectionChunks', () => {
  it('writes a FeatureCollection of points at [longitude, latitude], geometry null without both', async () => {
    let text = '';
    const rows = [
      { id: 'A', lat: 39.1, lon: -75.5 },
      { id: 'B', lat: null, lon: -75.5 },
    ];
    for await (const chunk of featureCollectionChunks(rows, (row) => pointFeature(row.id, row.lon, row.lat, { name: row.id }))) text += chunk;
    expect(JSON.parse(text)).toEqual({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', id: 'A', geometry: { type: 'Point', coordinates: [-75.5, 39.1] }, properties: { name: 'A' } },
        { type: 'Feature', id: 'B', geometry: null, properties: { name: 'B' } },
      ],
    });
  });
});

/**
 * A map tile provider on another origin (127.0.0.1 and a port of its own, where the app is on
 * localhost): a raster style JSON and solid-colour PNG tiles, with the CORS header a real
 * provider sends. It counts the tiles it served, so a test knows the browser fetched them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

export interface TileServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** A MapLibre style whose one raster source is this server's `streets` tiles. */
  styleUrl: string;
  /** A `{z}/{x}/{y}` template for this server's `satellite` tiles. */
  tilesTemplate: string;
  /** Tiles served, by layer name. */
  tilesServed: Record<string, number>;
  close(): Promise<void>;
}

const TILE_SIZE = 256;

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A TILE_SIZE square PNG of one RGB colour. */
function solidPng([r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_SIZE, 0);
  header.writeUInt32BE(TILE_SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, no interlace
  const row = Buffer.alloc(1 + TILE_SIZE * 3); // filter byte 0, then the pixels
  for (let x = 0; x < TILE_SIZE; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: TILE_SIZE }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const TILES: Record<string, Buffer> = { streets: solidPng([236, 232, 220]), satellite: solidPng([58, 92, 64]) };
const TILE_PATH = /^\/(\w+)\/\d+\/\d+\/\d+\.png$/;

export async function startTileServer(): Promise<TileServer> {
  const tilesServed: Record<string, number> = {};
  let origin = '';
  const server: Server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    const url = new URL(request.url ?? '/', origin);
    if (url.pathname === '/streets/style.json') {
      const style = {
        version: 8,
        sources: { streets: { type: 'raster', tiles: [`${origin}/streets/{z}/{x}/{y}.png`], tileSize: TILE_SIZE } },
        layers: [{ id: 'streets', type: 'raster', source: 'streets' }],
      };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(style));
      return;
    }
    const layer = TILE_PATH.exec(url.pathname)?.[1];
    const tile = layer ? TILES[layer] : undefined;
    if (!layer || !tile) {
      response.statusCode = 404;
      response.end();
      return;
    }
    tilesServed[layer] = (tilesServed[layer] ?? 0) + 1;
    response.setHeader('content-type', 'image/png');
    response.end(tile);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    styleUrl: `${origin}/streets/style.json`,
    tilesTemplate: `${origin}/satellite/{z}/{x}/{y}.png`,
    tilesServed,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

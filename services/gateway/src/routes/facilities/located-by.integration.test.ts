/**
 * A facility placed without coordinates through GET /api/facilities/:id on chDB
 * (docs/decisions/0110-located-by.md): the details say how the point was found, and a ZIP or
 * town placement reads "Approximate location (...)"; a facility with its own coordinates says
 * nothing of the kind. Also checks that rows written before the located_by column read as
 * located by their coordinates.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@ust/platform';
import { facilityRecord, releaseRecord } from '@ust/schemas/testing';
import { buildGateway } from '../../build.js';
import { openEmbeddedTestPorts, type EmbeddedTestPorts } from '../../testing/embedded-test-ports.js';
import { createTestIssuer, type TestIssuer } from '../../testing/test-issuer.js';

describe('facility details of a placed facility', () => {
  let embedded: EmbeddedTestPorts;
  let gateway: FastifyInstance;
  let issuer: TestIssuer;
  const details = async (id: string) => {
    const response = await gateway.inject({ method: 'GET', url: `/api/facilities/${id}`, headers: await issuer.headers({ sub: 'local|located-by' }) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    embedded = await openEmbeddedTestPorts('located-by-details');
    issuer = await createTestIssuer();
    const facilities = [
      // Maryland gives no coordinates: placed at the centroid of ZIP 21201.
      facilityRecord({
        facility_id: 'MD-1',
        state: 'MD',
        city: 'BALTIMORE',
        zip_code: '21201',
        latitude: 39.294832,
        longitude: -76.62278,
        located_by: 'zip',
        fips: '24510',
      }),
      // No ZIP of its state: placed at its town's centre.
      facilityRecord({ facility_id: 'WV-2', state: 'WV', city: 'FLATWOODS', latitude: 38.72, longitude: -80.65, located_by: 'place', fips: '54007' }),
      facilityRecord({ facility_id: 'DE-3', state: 'DE', city: 'Dover', zip_code: '19901', latitude: 39.158, longitude: -75.524, fips: '10001' }),
      facilityRecord({ facility_id: 'WV-4', state: 'WV', city: 'NOWHERE' }),
    ];
    await embedded.ports.store.insert('facilities', facilities);
    // A Maryland release without coordinates or a ZIP of its state: placed at its town's centre.
    await embedded.ports.store.insert('releases', [
      releaseRecord({
        release_id: 'MD-96-2184WI',
        state: 'MD',
        status_class: 'Open',
        city: 'SALISBURY',
        latitude: 38.36,
        longitude: -75.6,
        located_by: 'place',
      }),
    ]);
    // A row as an import before the column wrote it: the column's default says 'coordinates'.
    await embedded.ports.store.command(
      `INSERT INTO facilities (facility_id, source_facility_id, state, latitude, longitude, source, source_line, import_id, version)
       VALUES ('DE-5', '5', 'DE', 39.1, -75.5, 'old/facility.csv', 2, 'old-import', 1)`,
    );
    gateway = await buildGateway({
      config: loadConfig(issuer.env),
      ports: embedded.ports,
      logger: createLogger('located-by', { level: 'silent' }),
      signingKeys: issuer.signingKeys,
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await embedded?.close();
  });

  it('says a facility placed at its ZIP centroid is approximate, naming the ZIP', async () => {
    expect(await details('MD-1')).toMatchObject({ located_by: 'zip', location_note: 'Approximate location (ZIP 21201)', Latitude: 39.294832, FIPS: '24510' });
  });

  it("says a facility placed at its town's centre is approximate, naming the town and state", async () => {
    expect(await details('WV-2')).toMatchObject({ located_by: 'place', location_note: 'Approximate location (Flatwoods, WV)' });
  });

  it('adds nothing for a facility at its own coordinates, nor for one without a point', async () => {
    expect(await details('DE-3')).toMatchObject({ located_by: 'coordinates', location_note: null });
    expect(await details('WV-4')).toMatchObject({ located_by: null, location_note: null, Latitude: null, Longitude: null });
  });

  it('reads a row written before the located_by column as located by its coordinates', async () => {
    expect(await details('DE-5')).toMatchObject({ located_by: 'coordinates', location_note: null });
  });

  it("says a release placed at its town's centre is approximate", async () => {
    const response = await gateway.inject({ method: 'GET', url: '/api/releases/MD-96-2184WI', headers: await issuer.headers({ sub: 'local|located-by' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ located_by: 'place', location_note: 'Approximate location (Salisbury, MD)', Latitude: 38.36 });
  });
});

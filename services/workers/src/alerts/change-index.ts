/**
 * The facilities that changed between two versions, by id and by grid cell of their points
 * (before and after), built once per evaluation: each watched facility is one lookup and each
 * watched place reads only the cells its radius reaches.
 */
import type { ChangedFacility } from '../queries/dataset/get-changed-facilities.js';

/** Cells of 0.1°, about 7 miles of latitude: a place of the largest radius (5 miles) reaches a few. */
const CELL_DEGREES = 0.1;
const MILES_PER_DEGREE_LATITUDE = 69.05;

const cell = (degrees: number) => Math.floor(degrees / CELL_DEGREES);

export class ChangeIndex {
  readonly byId: ReadonlyMap<string, ChangedFacility>;
  private readonly cells = new Map<string, ChangedFacility[]>();

  constructor(changes: readonly ChangedFacility[]) {
    this.byId = new Map(changes.map((change) => [change.facility_id, change]));
    for (const change of changes) {
      const keys = new Set<string>();
      for (const side of [change.base, change.next]) {
        if (side.present === 1 && side.latitude !== null && side.longitude !== null) keys.add(`${cell(side.latitude)}:${cell(side.longitude)}`);
      }
      for (const key of keys) {
        const changes = this.cells.get(key);
        if (changes) changes.push(change);
        else this.cells.set(key, [change]);
      }
    }
  }

  /** The changes with a point, before or after, in a cell the circle's bounding box reaches (a superset of those within it). */
  near(latitude: number, longitude: number, radiusMiles: number): ChangedFacility[] {
    const dLat = radiusMiles / MILES_PER_DEGREE_LATITUDE;
    const dLon = radiusMiles / (MILES_PER_DEGREE_LATITUDE * Math.max(0.01, Math.cos((latitude * Math.PI) / 180)));
    const found = new Set<ChangedFacility>();
    for (let lat = cell(latitude - dLat); lat <= cell(latitude + dLat); lat++) {
      for (let lon = cell(longitude - dLon); lon <= cell(longitude + dLon); lon++) {
        for (const change of this.cells.get(`${lat}:${lon}`) ?? []) found.add(change);
      }
    }
    return [...found];
  }
}

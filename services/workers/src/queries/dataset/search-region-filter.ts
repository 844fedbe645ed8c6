/**
 * Which located records a search index query reads: all, a few states', or those within a set
 * of quarter-degree squares (a build that derives part of the search indexes reads the region
 * around the tiles it derives). A square is numbered as `searchSquareOf` numbers it, by the
 * same floating-point steps, so ClickHouse and JavaScript put a point in the same square.
 */
export type SearchRegionFilter = { states: readonly string[] } | { squares: readonly number[] } | undefined;

/** Squares per degree. */
export const SQUARES_PER_DEGREE = 4;

/** The number of the square in `row` (of latitude) and `column` (of longitude), both offset to stay positive. */
export const squareNumber = (row: number, column: number): number => (row + 400) * 2_000 + (column + 800);

/** The square of a point. */
export const searchSquareOf = (latitude: number, longitude: number): number =>
  squareNumber(Math.floor(latitude * SQUARES_PER_DEGREE), Math.floor(longitude * SQUARES_PER_DEGREE));

/** The filter as a SQL condition on `latitude`, `longitude` and `state`, and its parameters. A constant, never input. */
export function searchRegionCondition(filter: SearchRegionFilter): { sql: string; params: Record<string, unknown> } {
  if (!filter) return { sql: '', params: {} };
  if ('states' in filter) return { sql: 'AND state IN {states:Array(String)}', params: { states: filter.states } };
  return {
    sql: `AND (toInt32(floor(latitude * ${SQUARES_PER_DEGREE})) + 400) * 2000 + (toInt32(floor(longitude * ${SQUARES_PER_DEGREE})) + 800) IN {squares:Array(Int32)}`,
    params: { squares: filter.squares },
  };
}

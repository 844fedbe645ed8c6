/**
 * The rating plan file (services/domain/rating-plans): validated once when this module loads,
 * so a bad plan stops the process at start-up with the JSON path at fault, not a wrong quote
 * later. The schema checks shapes; this module adds what JSON Schema cannot say about bands.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { firstRatingPlanError, type RatingPlan } from '@ust/schemas';

export class RatingPlanError extends Error {
  override name = 'RatingPlanError';
}

interface Band {
  up_to: number | null;
  value: number;
}

/** Bands must rise strictly and end with one open band, or some value would match none or two. */
function bandsError(bands: readonly Band[], path: string): string | null {
  for (const [index, band] of bands.entries()) {
    const last = index === bands.length - 1;
    if (last !== (band.up_to === null))
      return `${path}/${index}/up_to: ${last ? 'the last band must be open (null)' : 'only the last band may be open (null)'}`;
    const before = bands[index - 1]?.up_to;
    if (band.up_to !== null && typeof before === 'number' && band.up_to <= before)
      return `${path}/${index}/up_to: must be greater than the band before (${before})`;
  }
  return null;
}

function programError(program: RatingPlan['programs'][number], at: string): string | null {
  const bandLists: [readonly Band[], string][] = [
    [program.age, `${at}/age`],
    [program.capacity.bands, `${at}/capacity/bands`],
    [program.tank_count, `${at}/tank_count`],
    [program.deductible.bands, `${at}/deductible/bands`],
  ];
  if (program.base.kind === 'age') bandLists.push([program.base.bands, `${at}/base/bands`]);
  if (program.base.kind === 'age_and_wall') {
    bandLists.push([program.base.single_wall, `${at}/base/single_wall`], [program.base.double_wall, `${at}/base/double_wall`]);
  }
  for (const [bands, path] of bandLists) {
    const problem = bandsError(bands, path);
    if (problem) return problem;
  }
  if (program.deductible.mode === 'ilf_credit' && program.limits.mode !== 'multiplier') {
    return `${at}/deductible/mode: 'ilf_credit' needs limits.mode 'multiplier' (the credit is subtracted from the ILF)`;
  }
  return null;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** A validated, frozen plan; throws RatingPlanError naming `source` and the JSON path. */
export function parseRatingPlan(value: unknown, source = 'rating plan'): RatingPlan {
  let problem = firstRatingPlanError(value);
  if (!problem) {
    const plan = value as RatingPlan;
    const carriers = new Set<string>();
    for (const [index, program] of plan.programs.entries()) {
      problem = programError(program, `/programs/${index}`);
      if (!problem && carriers.has(program.carrier)) problem = `/programs/${index}/carrier: '${program.carrier}' appears twice`;
      if (problem) break;
      carriers.add(program.carrier);
    }
  }
  if (problem) throw new RatingPlanError(`${source}: ${problem}`);
  return deepFreeze(value as RatingPlan);
}

export function readRatingPlan(file: string | URL): RatingPlan {
  const path = file instanceof URL ? fileURLToPath(file) : file;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new RatingPlanError(`${path}: cannot be read as JSON (${(error as Error).message})`);
  }
  return parseRatingPlan(json, path);
}

export const RATING_PLAN_V1_FILE = fileURLToPath(new URL('../../rating-plans/rating-plan-v1.json', import.meta.url));

/** The plan quotes use unless a caller passes another. */
export const RATING_PLAN: RatingPlan = readRatingPlan(RATING_PLAN_V1_FILE);

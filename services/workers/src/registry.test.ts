import { describe, expect, it } from 'vitest';
import { JobNames } from '@ust/schemas';
import { assertOneProcessorPerJob } from './registry.js';

const processor = async () => undefined;

describe('assertOneProcessorPerJob', () => {
  it('accepts exactly one processor for every job name', () => {
    const all = Object.fromEntries(Object.values(JobNames).map((name) => [name, processor]));
    expect(() => assertOneProcessorPerJob(all)).not.toThrow();
  });

  it('names missing and unknown jobs', () => {
    expect(() => assertOneProcessorPerJob({ 'rebuild-everything': processor })).toThrow(
      `Job processors do not match the job names: no processor for ${Object.values(JobNames).join(', ')}; processors for unknown jobs rebuild-everything`,
    );
  });
});

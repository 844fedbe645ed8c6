import { describe, expect, it } from 'vitest';
import { pollUntilSettled } from './poll-until-settled';

interface Run {
  status: 'queued' | 'running' | 'done' | 'failed';
}

const isDone = (run: Run) => run.status === 'done' || run.status === 'failed';
const answered = (data: Run | undefined, error: unknown = null) => ({ state: { data, error } });

describe('pollUntilSettled', () => {
  const interval = pollUntilSettled(isDone, 2_000);

  it('asks again every interval while the run is queued or running', () => {
    expect(interval(answered({ status: 'queued' }))).toBe(2_000);
    expect(interval(answered({ status: 'running' }))).toBe(2_000);
  });

  it('stops once the run is done or failed', () => {
    expect(interval(answered({ status: 'done' }))).toBe(false);
    expect(interval(answered({ status: 'failed' }))).toBe(false);
  });

  it('waits for a first answer unless told to poll before it', () => {
    expect(interval(answered(undefined))).toBe(false);
    expect(interval(answered(undefined, new Error('offline')))).toBe(false);
    expect(pollUntilSettled(isDone, 1_000, { beforeFirstAnswer: true })(answered(undefined))).toBe(1_000);
  });

  it('keeps asking after an error, unless that error is one asking again cannot cure', () => {
    const notFound = new Error('Screening not found');
    const screening = pollUntilSettled(isDone, 1_000, { beforeFirstAnswer: true, stopsOn: (error) => error === notFound });
    expect(screening(answered(undefined, new Error('timeout')))).toBe(1_000);
    expect(screening(answered(undefined, notFound))).toBe(false);
    expect(screening(answered({ status: 'running' }, notFound))).toBe(false);
    expect(screening(answered({ status: 'done' }, new Error('timeout')))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { Queues } from '@ust/schemas';
import { CLOSE_ORDER } from './start-workers.js';

describe('the order the workers stop their queues in', () => {
  it('has every queue once, and the queues whose jobs wait on rebuilds before the dataset queue', () => {
    expect(CLOSE_ORDER.flat().sort()).toEqual(Object.values(Queues).sort());
    const stageOf = (queue: string) => CLOSE_ORDER.findIndex((stage) => stage.includes(queue as never));
    expect(stageOf(Queues.imports)).toBeLessThan(stageOf(Queues.dataset));
    expect(stageOf(Queues.dataset)).toBeLessThan(stageOf(Queues.maintenance));
  });
});

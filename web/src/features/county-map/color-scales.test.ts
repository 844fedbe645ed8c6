import { describe, expect, it } from 'vitest';
import {
  blendOver,
  buildColorScale,
  colorFor,
  FILL_COLOR_EXPRESSION,
  GREY_POSITION,
  LOG_MINIMUM,
  mixHex,
  NEUTRAL_GREY,
  NO_RELEASE_DATA_COLOR,
  NO_RELEASE_DATA_POSITION,
  quantile,
  RAMP,
  rampPosition,
} from './color-scales';

const values = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20];

describe('colour scales', () => {
  it('interpolates quantiles between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10], 0.95)).toBe(10);
    expect(quantile([], 0.5)).toBe(0);
  });

  it('percentile: 5th to 95th of the values above 0, the median in the middle of the ramp', () => {
    const scale = buildColorScale('percentile', values);
    expect(scale.counted).toBe(20);
    expect(scale.low).toBeCloseTo(1.95);
    expect(scale.stops[2]).toBeCloseTo(10.5);
    expect(scale.high).toBeCloseTo(19.05);
    expect(colorFor(scale, 10.5)).toBe(RAMP[2]);
    expect(colorFor(scale, 1)).toBe(RAMP[0]);
    expect(colorFor(scale, 20)).toBe(RAMP[4]);
  });

  it('linear: 0 to the maximum in five even stops', () => {
    const scale = buildColorScale('linear', values);
    expect(scale.stops).toEqual([0, 5, 10, 15, 20]);
    expect(colorFor(scale, 5)).toBe(RAMP[1]);
    expect(colorFor(scale, 7.5)).toBe('#d5eeb2');
  });

  it('quartile: Q1 to Q3 of the values above 0', () => {
    const scale = buildColorScale('quartile', values);
    expect(scale.low).toBeCloseTo(5.75);
    expect(scale.high).toBeCloseTo(15.25);
    expect(colorFor(scale, 3)).toBe(RAMP[0]);
    expect(colorFor(scale, 16)).toBe(RAMP[4]);
  });

  it('logarithmic: even steps of the natural log, floored at 0.001', () => {
    const scale = buildColorScale('log', [0.0001, 0.01, 1, 100]);
    expect(scale.low).toBe(LOG_MINIMUM);
    expect(scale.stops[0]).toBeCloseTo(Math.log(0.001));
    expect(scale.stops[4]).toBeCloseTo(Math.log(100));
    expect(colorFor(scale, 100)).toBe(RAMP[4]);
    expect(colorFor(scale, 0.0001)).toBe(RAMP[0]);
  });

  it('draws 0 and missing values grey under every scale', () => {
    for (const kind of ['percentile', 'linear', 'quartile', 'log'] as const) {
      const scale = buildColorScale(kind, values);
      expect(colorFor(scale, 0)).toBe(NEUTRAL_GREY);
      expect(colorFor(scale, null)).toBe(NEUTRAL_GREY);
    }
  });

  it('keeps stops strictly ascending when every region has the same value, or none has one', () => {
    for (const sample of [[4, 4, 4], [], [0, 0]]) {
      const { stops } = buildColorScale('percentile', sample);
      for (let index = 1; index < stops.length; index += 1) expect(stops[index]).toBeGreaterThan(stops[index - 1]!);
    }
  });

  it('places values on the ramp so that the constant GPU expression draws what colorFor says', () => {
    const scale = buildColorScale('linear', values);
    expect(rampPosition(scale, 0)).toBe(GREY_POSITION);
    expect(rampPosition(scale, null)).toBe(GREY_POSITION);
    expect(rampPosition(scale, 5)).toBeCloseTo(0.25);
    expect(rampPosition(scale, 7.5)).toBeCloseTo(0.375);
    expect(rampPosition(scale, 25)).toBe(1);
    const log = buildColorScale('log', [0.01, 1, 100]);
    expect(rampPosition(log, 1)).toBeCloseTo(0.5);
    // The expression interpolates the ramp evenly over the position: its colour at 0.375 is
    // halfway between the second and third ramp colours, as colorFor's is at 7.5.
    const interpolate = FILL_COLOR_EXPRESSION.at(-1) as unknown[];
    expect(interpolate.slice(3)).toEqual([0, RAMP[0], 0.25, RAMP[1], 0.5, RAMP[2], 0.75, RAMP[3], 1, RAMP[4]]);
    expect(mixHex(RAMP[1], RAMP[2], (0.375 - 0.25) / 0.25)).toBe(colorFor(scale, 7.5));
    expect(FILL_COLOR_EXPRESSION[4]).toBe(NEUTRAL_GREY);
  });

  it('draws regions without release data in a colour of their own, below grey and apart from the ramp', () => {
    // ['case', position < threshold, NO_RELEASE_DATA_COLOR, position < 0, grey, ramp]
    const [, noDataTest, noDataColor, greyTest] = FILL_COLOR_EXPRESSION as unknown as [string, unknown[], string, unknown[]];
    const threshold = noDataTest[2] as number;
    expect(NO_RELEASE_DATA_POSITION).toBeLessThan(threshold);
    expect(GREY_POSITION).toBeGreaterThan(threshold);
    expect(noDataColor).toBe(NO_RELEASE_DATA_COLOR);
    expect(greyTest[2]).toBe(0);
    expect([NEUTRAL_GREY, ...RAMP]).not.toContain(NO_RELEASE_DATA_COLOR);
  });

  it('predicts the on-screen colour of a translucent fill', () => {
    expect(blendOver('#ff0000', '#000000', 0.7)).toEqual([179, 0, 0]);
    expect(blendOver('#ffffff', '#ffffff', 0.7)).toEqual([255, 255, 255]);
  });
});

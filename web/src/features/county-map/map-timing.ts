/**
 * User Timing entries the map leaves for bench/map-route.ts and the browser's performance
 * panel: when the first coloured frame of a level was drawn, and how long each recolour took
 * from the control change to the drawn frame.
 */
export const MAP_TIMING = {
  /** Mark: the first frame with a level's colours, e.g. 'ust-map:coloured:counties'. */
  coloured: (level: string) => `ust-map:coloured:${level}`,
  recolourRequested: 'ust-map:recolour-requested',
  /** Measure: control change to the next idle frame. */
  recolour: 'ust-map:recolour',
} as const;

function safely(record: () => void): void {
  try {
    record();
  } catch {
    // A missing start mark (a recolour without a control change) is not worth an error.
  }
}

export const performanceMarks = {
  coloured(level: string): void {
    safely(() => {
      if (performance.getEntriesByName(MAP_TIMING.coloured(level)).length === 0) performance.mark(MAP_TIMING.coloured(level));
    });
  },
  recolourRequested(): void {
    safely(() => performance.mark(MAP_TIMING.recolourRequested));
  },
  recoloured(): void {
    safely(() => {
      if (performance.getEntriesByName(MAP_TIMING.recolourRequested).length === 0) return;
      performance.measure(MAP_TIMING.recolour, MAP_TIMING.recolourRequested);
      performance.clearMarks(MAP_TIMING.recolourRequested);
    });
  },
};

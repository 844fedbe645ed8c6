/** What the fuzz sent and got, per route: printed at the end of a run so its size can be reported. */
export class FuzzTally {
  private readonly routes = new Map<string, { cases: number; statuses: Map<number, number> }>();
  private readonly callers = new Map<string, number>();

  record(route: string, caller: string, status: number): void {
    let entry = this.routes.get(route);
    if (!entry) this.routes.set(route, (entry = { cases: 0, statuses: new Map() }));
    entry.cases += 1;
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    this.callers.set(caller, (this.callers.get(caller) ?? 0) + 1);
  }

  get total(): number {
    let total = 0;
    for (const { cases } of this.routes.values()) total += cases;
    return total;
  }

  /** One line per route: cases and the statuses seen with their counts; then the callers and the total. */
  summary(): string {
    const width = Math.max(...[...this.routes.keys()].map((route) => route.length));
    const lines = [...this.routes.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, { cases, statuses }]) => {
        const seen = [...statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ');
        return `${route.padEnd(width)}  ${String(cases).padStart(6)}  ${seen}`;
      });
    const callers = [...this.callers.entries()].map(([caller, count]) => `${caller} ${count}`).join(', ');
    return [`${'route'.padEnd(width)}   cases  statuses`, ...lines, `callers: ${callers}`, `total: ${this.total} requests`].join('\n');
  }
}

/** The rows a portfolio file holds, as the JSON lines the screening keeps (one row's JSON a line). */
export function toJsonLines(values: readonly unknown[]): Uint8Array {
  return new TextEncoder().encode(values.map((value) => `${JSON.stringify(value)}\n`).join(''));
}

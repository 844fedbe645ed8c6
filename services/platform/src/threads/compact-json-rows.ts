/**
 * The rows of JSONCompactEachRowWithNames text (AnalyticsStore.queryCompactJsonBytes) as objects,
 * as JSONEachRow would have given them. Each row is made by a constructor generated for the
 * column list, so V8 gives every row one shape at once: that is what makes this format cheaper to
 * read than JSONEachRow. Assigning the columns one by one in a loop costs more than parsing
 * JSONEachRow itself (decision 0125).
 */

type RowOf = (values: readonly unknown[]) => object;

export function parseCompactJsonRows(text: string): never[] {
  const body = text.trimEnd();
  if (!body) return [];
  // A row is one line, and JSON text holds no raw newline inside a value: the lines are an array's items.
  const lines = JSON.parse(`[${body.replaceAll('\n', ',')}]`) as unknown[];
  const rowOf = rowConstructor(lines[0]);
  const rows = new Array<never>(lines.length - 1);
  for (let line = 1; line < lines.length; line++) {
    const values = lines[line];
    if (!Array.isArray(values)) throw new Error(`JSONCompactEachRowWithNames line ${line + 1} is not an array of values`);
    rows[line - 1] = rowOf(values) as never;
  }
  return rows;
}

function rowConstructor(names: unknown): RowOf {
  if (!Array.isArray(names) || !names.every((name): name is string => typeof name === 'string')) {
    throw new Error('JSONCompactEachRowWithNames text must start with an array of column names');
  }
  // In an object literal this key would set the prototype instead of a property.
  if (names.includes('__proto__')) throw new Error('a column named __proto__ cannot be a property of a row');
  // The keys are JSON string literals (JSON.stringify escapes them) and the values are read by
  // position: only the engine's column names become code, never a row's values.
  const properties = names.map((name, position) => `${JSON.stringify(name)}: values[${position}]`).join(', ');
  return new Function('values', `return { ${properties} };`) as RowOf;
}

/**
 * L2-penalised logistic regression by Newton's method: the fitted model of the backtest
 * (risk-v2.ts) has a dozen features, so each step solves a dozen-by-dozen system exactly and a
 * fit converges in a few steps, deterministically.
 */

export interface LogisticFit {
  /** Coefficients, the intercept first. */
  coefficients: number[];
  iterations: number;
}

export const sigmoid = (value: number) => 1 / (1 + Math.exp(-value));

export function predict(coefficients: readonly number[], features: readonly number[]): number {
  let sum = coefficients[0]!;
  for (let index = 0; index < features.length; index += 1) sum += coefficients[index + 1]! * features[index]!;
  return sigmoid(sum);
}

/**
 * Fits P(outcome) = sigmoid(b0 + b·x). `penalty` is the L2 weight on every coefficient but the
 * intercept: it keeps a feature that a handful of rows decide from taking an extreme value.
 */
export function fitLogistic(
  rows: ReadonlyArray<{ features: readonly number[]; outcome: boolean }>,
  options: { penalty?: number; maxIterations?: number } = {},
): LogisticFit {
  const penalty = options.penalty ?? 1;
  const maxIterations = options.maxIterations ?? 50;
  const width = (rows[0]?.features.length ?? 0) + 1;
  const beta = new Array<number>(width).fill(0);
  for (let iteration = 1; iteration <= maxIterations; iteration += 1) {
    const gradient = new Array<number>(width).fill(0);
    const hessian = Array.from({ length: width }, () => new Array<number>(width).fill(0));
    const x = new Array<number>(width);
    for (const row of rows) {
      x[0] = 1;
      for (let index = 1; index < width; index += 1) x[index] = row.features[index - 1]!;
      const p = predict(beta, row.features);
      const residual = (row.outcome ? 1 : 0) - p;
      const weight = p * (1 - p);
      for (let i = 0; i < width; i += 1) {
        gradient[i]! += residual * x[i]!;
        for (let j = 0; j <= i; j += 1) hessian[i]![j]! += weight * x[i]! * x[j]!;
      }
    }
    for (let i = 1; i < width; i += 1) {
      gradient[i]! -= penalty * beta[i]!;
      hessian[i]![i]! += penalty;
    }
    for (let i = 0; i < width; i += 1) for (let j = i + 1; j < width; j += 1) hessian[i]![j] = hessian[j]![i]!;
    const step = solve(hessian, gradient);
    let largest = 0;
    for (let index = 0; index < width; index += 1) {
      beta[index]! += step[index]!;
      largest = Math.max(largest, Math.abs(step[index]!));
    }
    if (largest < 1e-8) return { coefficients: beta, iterations: iteration };
  }
  return { coefficients: beta, iterations: maxIterations };
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and, penalised, positive definite). */
export function solve(matrix: readonly number[][], vector: readonly number[]): number[] {
  const size = vector.length;
  const a = matrix.map((row, index) => [...row, vector[index]!]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) if (Math.abs(a[row]![column]!) > Math.abs(a[pivot]![column]!)) pivot = row;
    [a[column], a[pivot]] = [a[pivot]!, a[column]!];
    const lead = a[column]![column]!;
    if (lead === 0) throw new Error('the system is singular');
    for (let row = column + 1; row < size; row += 1) {
      const factor = a[row]![column]! / lead;
      for (let k = column; k <= size; k += 1) a[row]![k]! -= factor * a[column]![k]!;
    }
  }
  const x = new Array<number>(size).fill(0);
  for (let row = size - 1; row >= 0; row -= 1) {
    let sum = a[row]![size]!;
    for (let k = row + 1; k < size; k += 1) sum -= a[row]![k]! * x[k]!;
    x[row] = sum / a[row]![row]!;
  }
  return x;
}

/**
 * How `pnpm pipeline` reads its arguments: a command, or the usage with a reason and exit code 2
 * for anything it cannot run, never a stack trace; --help prints the usage and succeeds.
 */
import { describe, expect, it } from 'vitest';
import { parseInvocation } from './pipeline-cli.js';

describe('pnpm pipeline arguments', () => {
  it('names the command and its arguments', () => {
    const invocation = parseInvocation(['import', 'a/DE', 'b/DE', '--root', 'a']);
    expect('usage' in invocation).toBe(false);
    if ('usage' in invocation) return;
    expect(invocation.args).toEqual(['a/DE', 'b/DE']);
    expect(invocation.values.root).toBe('a');
  });

  it('prints the usage and succeeds for --help and -h, with or without a command', () => {
    for (const argv of [['--help'], ['-h'], ['import', '--help']]) {
      const invocation = parseInvocation(argv);
      expect(invocation).toMatchObject({ exitCode: 0 });
      expect('usage' in invocation && invocation.usage).toMatch(/^Usage:\n {2}pnpm pipeline import/);
    }
  });

  it('refuses an unknown option, an unknown command and arguments a command does not take with the reason, then the usage, exit code 2', () => {
    const cases: Array<[string[], RegExp]> = [
      [['import', 'x', '--frobnicate'], /^Unknown option '--frobnicate'/],
      [['generate', '--scale'], /^Option '--scale <value>' argument missing/],
      [['frobnicate'], /^Unknown command 'frobnicate'/],
      [['imports', 'extra'], /^Wrong arguments for 'imports'/],
      [['replay'], /^Wrong arguments for 'replay'/],
      [[], /^Usage:/],
    ];
    for (const [argv, reason] of cases) {
      const invocation = parseInvocation(argv);
      expect(invocation, argv.join(' ')).toMatchObject({ exitCode: 2 });
      const usage = 'usage' in invocation ? invocation.usage : '';
      expect(usage, argv.join(' ')).toMatch(reason);
      expect(usage).toContain('Usage:\n  pnpm pipeline import');
    }
  });
});

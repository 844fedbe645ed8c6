import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMigrations, splitStatements } from './migrations.js';

describe('splitStatements', () => {
  it('splits at semicolons that end a line and drops comment lines', () => {
    const sql = [
      '-- facilities',
      "CREATE TABLE a (x String DEFAULT 'a;b') ENGINE = MergeTree ORDER BY x;",
      '',
      'CREATE TABLE b (y UInt8)',
      '  ENGINE = MergeTree ORDER BY y;',
    ].join('\n');
    expect(splitStatements(sql)).toEqual([
      "CREATE TABLE a (x String DEFAULT 'a;b') ENGINE = MergeTree ORDER BY x",
      'CREATE TABLE b (y UInt8)\n  ENGINE = MergeTree ORDER BY y',
    ]);
  });
});

describe('readMigrations', () => {
  it('refuses a file that is not NNN_name.sql and two files with one version', async () => {
    const badName = await mkdtemp(path.join(os.tmpdir(), 'ust-migrations-'));
    await writeFile(path.join(badName, '1-create.sql'), 'SELECT 1');
    await expect(readMigrations(badName)).rejects.toThrow('Migration file 1-create.sql does not match NNN_name.sql');

    const twice = await mkdtemp(path.join(os.tmpdir(), 'ust-migrations-'));
    await writeFile(path.join(twice, '001_a.sql'), 'SELECT 1');
    await writeFile(path.join(twice, '001_b.sql'), 'SELECT 2');
    await expect(readMigrations(twice)).rejects.toThrow('Two migrations share version 1');
  });
});

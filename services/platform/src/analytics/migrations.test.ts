import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDirectory } from '../paths.js';
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

describe('the landed migrations', () => {
  it('are unchanged, comments included: a deployment that applied one refuses to start on an edited file', async () => {
    // schemas/clickhouse/applied-checksums.json: one line per landed file, added with the file.
    const landed = JSON.parse(await readFile(path.join(migrationsDirectory, 'applied-checksums.json'), 'utf8')) as Record<string, string>;
    const migrations = await readMigrations(migrationsDirectory);
    const now = Object.fromEntries(migrations.map((migration) => [`${String(migration.version).padStart(3, '0')}_${migration.name}.sql`, migration.checksum]));
    expect(now).toEqual(landed);
  });
});

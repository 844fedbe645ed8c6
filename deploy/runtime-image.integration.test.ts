/**
 * The production image's runtime stage, rehearsed without Docker by deploy/check-runtime-image.sh:
 * the build context staged, production dependencies installed and trimmed as the Dockerfile does,
 * and the compiled platform started from that tree. Nothing else builds the image's tree, and it
 * broke unnoticed before: a staged tree without the dependency patches, an install script the tree
 * cannot run.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('the runtime image rehearsal', () => {
  it('installs the production tree, starts the compiled platform from it, and the platform answers and returns freed memory', async () => {
    // A minute alone on 2 cores: an offline install into a copy, the fixtures' dataset on first start.
    const { stdout } = await promisify(execFile)('bash', [path.join(root, 'deploy/check-runtime-image.sh')], {
      cwd: root,
      maxBuffer: 16 * 2 ** 20,
    });
    expect(stdout).toMatch(/facilities-statistics: [1-9]\d* facilities/);
    expect(stdout).toContain('web app served from');
    expect(stdout).toMatch(/freed memory returned after the job threads: [1-9]\d* calls/);
    expect(stdout).toContain('runtime image rehearsal passed');
  }, 600_000);
});

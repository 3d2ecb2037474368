import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_MODULES } from '../../own-modules';

const root = join(import.meta.dirname, '../..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

describe('own-modules.ts', () => {
  it('lists every test file that replaces a module (vi.mock): in the shared-modules run the mock would not take', () => {
    const mocking = testFiles(join(root, 'src')).filter((file) => /^vi\.mock\(/m.test(readFileSync(join(root, file), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((file) => !OWN_MODULES.includes(file))).toEqual([]);
  });
});

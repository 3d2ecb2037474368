import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { RemoveScroll as Real } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { CLASS_NAME_ONLY_IMPORTERS } from '../../remove-scroll-classes';
import { RemoveScroll } from './remove-scroll-classes';

const require = createRequire(import.meta.url);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.mjs') ? [path] : [];
  });
}

describe("the class names standing in for react-remove-scroll in Mantine's AppShell", () => {
  it('are the real ones', () => {
    expect(RemoveScroll.classNames).toEqual(Real.classNames);
  });

  it('stand in only where nothing else of RemoveScroll is used', () => {
    // The package's CommonJS entry is cjs/index.cjs, beside esm/.
    const core = join(dirname(require.resolve('@mantine/core')), '..', 'esm');
    const redirected = files(core).filter((path) => CLASS_NAME_ONLY_IMPORTERS.test(path));
    const importing = redirected.filter((path) => readFileSync(path, 'utf8').includes('react-remove-scroll'));
    // The header, the footer and the aside.
    expect(importing.length).toBeGreaterThanOrEqual(3);
    for (const path of importing) {
      const uses = readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line.includes('RemoveScroll') && !line.startsWith('import '));
      expect(uses.length, path).toBeGreaterThan(0);
      for (const line of uses) expect(line.replaceAll('RemoveScroll.classNames.', ''), path).not.toContain('RemoveScroll');
    }
  });
});

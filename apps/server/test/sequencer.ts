import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (minutes on a loaded CI machine), longest first. Vitest hands files
 * to its workers in order and, on a fresh clone (no timings cached), orders them by size, which
 * left these small drivers of long runs for the end: the suite then waited minutes on one worker
 * while the other was idle. Started first, they run beside everything else.
 */
const LONGEST_FIRST = [
  'test/openapi-bad-input.test.ts',
  // On PostgreSQL its longest file (2,000 contacts, three kills). On PGlite it is shorter, and is
  // not started beside the PostgreSQL suite's: two crash runs at once starve the restarts.
  ...(process.env.TEST_DATABASE_URL ? ['test/campaign-crash.test.ts'] : []),
  'test/openapi-cross-tenant.test.ts',
  'test/crash-recovery.test.ts',
  'src/modules/contacts/contacts-import-files.test.ts',
  'test/data-dir.test.ts',
  'src/modules/channels/adapters/evolution/evolution.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(`/apps/server/${path}`));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the other files keep the base order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { AppError } from '../../platform/http/app-error.js';
import type { ContactFileFormat, ContactFileRefusal } from './contact-file-rows.js';
import type { ImportedRow } from './contacts.repository.js';

/**
 * Contact files are read in a child process with a heap cap and a time limit, a few at a time: a
 * spreadsheet built to blow up (a zip bomb, a huge cell) costs that process, never the event loop
 * the other tenants' requests run on, nor the server's memory. (A worker thread's resourceLimits
 * are best effort: some allocations that pass them abort the whole process.)
 */
export const CONTACT_FILE_LIMITS = {
  /** V8 heap of the reading process. */
  maxOldGenerationSizeMb: 256,
  timeoutMs: 30_000,
  /** Files read at the same time by this server; the next ones wait their turn. */
  concurrency: 2,
};

// Bundled, the reader is dist/contact-file.worker.js beside main.js; from the sources (tests,
// development) it is the .ts file, loaded through tsx.
const fromSources = import.meta.url.endsWith('.ts');
const script = fileURLToPath(new URL(fromSources ? './contact-file.worker.ts' : './contact-file.worker.js', import.meta.url));

let running = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONTACT_FILE_LIMITS.concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const tooLarge = (message: string) => new AppError('ERR_PAYLOAD_TOO_LARGE', message, { file: [message] });

/** The rows of a contact file, or the 4xx that refuses it (AppError). */
export function readContactFile(format: ContactFileFormat, content: Buffer): Promise<ImportedRow[]> {
  return inTurn(
    () =>
      new Promise<ImportedRow[]>((resolve, reject) => {
        const child = fork(script, [], {
          execArgv: [...(fromSources ? ['--import', 'tsx'] : []), `--max-old-space-size=${CONTACT_FILE_LIMITS.maxOldGenerationSizeMb}`],
          serialization: 'advanced',
          stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        });
        let settled = false;
        const settle = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          child.kill('SIGKILL');
          outcome();
        };
        const timer = setTimeout(
          () => settle(() => reject(tooLarge(`The file took longer than ${CONTACT_FILE_LIMITS.timeoutMs / 1000} s to read.`))),
          CONTACT_FILE_LIMITS.timeoutMs,
        );
        child.once('message', (answer: { rows?: ImportedRow[]; refusal?: ContactFileRefusal }) =>
          settle(() => {
            if (answer.rows) return resolve(answer.rows);
            const refusal = answer.refusal ?? { code: 'ERR_VALIDATION' };
            reject(new AppError(refusal.code, refusal.message, refusal.fields));
          }),
        );
        child.once('error', (error) => settle(() => reject(error)));
        // V8 aborts a process over its heap limit (SIGABRT, or exit code 134).
        child.once('exit', (code, signal) =>
          settle(() =>
            reject(
              signal === 'SIGABRT' || code === 134
                ? tooLarge('The file needs too much memory to read.')
                : new Error(`The contact file reader stopped without an answer (${signal ?? code}).`),
            ),
          ),
        );
        child.send({ format, content });
      }),
  );
}

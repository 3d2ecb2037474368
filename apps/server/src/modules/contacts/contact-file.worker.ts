import { ContactFileRefusedError, readContactRows, type ContactFileFormat } from './contact-file-rows.js';

/** Reads one contact file in a child process of its own (contact-file-reader.ts starts it and bounds it). */
process.once('message', (request: { format: ContactFileFormat; content: Buffer }) => {
  readContactRows(request.format, Buffer.from(request.content))
    .then(
      (rows) => ({ rows }),
      (error: unknown) => {
        if (error instanceof ContactFileRefusedError) return { refusal: error.refusal };
        throw error;
      },
    )
    .then((answer) => process.send?.(answer, () => process.exit(0)))
    .catch(() => process.exit(1));
});

import { crc32, createDeflateRaw } from 'node:zlib';
import { unpackZip } from '../src/modules/contacts/bounded-zip.js';

/** Zip files built by tests: real XLSX parts, a part that inflates to hundreds of MB, sizes that lie. */

export interface ZipPart {
  name: string;
  /** The content, whole or as chunks (a huge part is streamed through the compressor, never held). */
  content: Buffer | string | Iterable<Buffer | string>;
  /** The uncompressed size the zip declares; default the true one. */
  declaredSize?: number;
}

async function deflated(content: ZipPart['content']): Promise<{ data: Buffer; size: number; crc: number }> {
  const chunks = typeof content === 'string' || Buffer.isBuffer(content) ? [content] : content;
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let size = 0;
  let crc = 0;
  for (const chunk of chunks) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, 'utf8');
    size += bytes.length;
    crc = crc32(bytes, crc);
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of deflated parts (local headers, central directory, end record). */
export async function deflatedZip(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = await deflated(part.content);
    const declared = part.declaredSize ?? size;
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An XLSX made from a real one (`template`) with some of its parts replaced. */
export async function xlsxWith(template: Buffer, replaced: Record<string, Omit<ZipPart, 'name'>>): Promise<Buffer> {
  const parts = [...unpackZip(template, () => true, { maxUnpackedBytes: 1e8, maxEntries: 100 })].map(([name, content]) => ({
    name,
    ...(replaced[name] ?? { content }),
  }));
  return deflatedZip(parts);
}

/** `total` bytes of `text` repeated, in chunks of about 1 MB. */
export function* repeated(text: string, total: number): Generator<string> {
  const chunk = text.repeat(Math.ceil((1024 * 1024) / text.length));
  let left = total;
  while (left > 0) {
    const piece = left >= chunk.length ? chunk : chunk.slice(0, left);
    left -= piece.length;
    yield piece;
  }
}

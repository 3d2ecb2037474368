import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Reading the files of a zip (an XLSX) without trusting it: the central directory's entry count and
 * declared sizes are checked first, then each wanted entry is inflated with a cap at its declared
 * size (and the budget left), so a zip that lies about its sizes stops inflating at the cap instead
 * of filling memory. Only stored and deflated entries, no ZIP64, no encryption.
 */

export interface ZipLimits {
  /** Total bytes the wanted entries may unpack to. */
  maxUnpackedBytes: number;
  /** Entries in the central directory. */
  maxEntries: number;
}

export class ZipRefusedError extends Error {
  constructor(
    readonly reason: 'invalid' | 'too-large',
    message: string,
  ) {
    super(message);
    this.name = 'ZipRefusedError';
  }
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const invalid = (message: string) => new ZipRefusedError('invalid', message);

function centralDirectory(zip: Buffer, limits: ZipLimits): CentralEntry[] {
  // The end record is in the last 22 + 65,535 (comment) bytes.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) throw invalid('Not a zip file (no end of central directory).');
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  const offset = zip.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff)
    throw new ZipRefusedError('too-large', 'ZIP64 archives are not read.');
  if (count > limits.maxEntries) throw new ZipRefusedError('too-large', `The file holds more than ${limits.maxEntries} parts.`);
  if (offset + size > end) throw invalid('The central directory is outside the file.');

  const entries: CentralEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw invalid('Damaged central directory.');
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The unpacked content of the entries `wanted` selects, in directory order, within the limits. */
export function unpackZip(zip: Buffer, wanted: (name: string) => boolean, limits: ZipLimits): Map<string, Buffer> {
  const entries = centralDirectory(zip, limits).filter((entry) => wanted(entry.name));
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > limits.maxUnpackedBytes) {
    throw new ZipRefusedError('too-large', `The file unpacks to more than ${limits.maxUnpackedBytes / 1024 / 1024} MB.`);
  }
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    if (entry.flags & 0x1) throw invalid('Encrypted files are not read.');
    const at = entry.localOffset;
    if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) throw invalid('Damaged zip entry.');
    const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
    const data = zip.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw invalid('A zip entry is cut short.');
    let content: Buffer;
    if (entry.method === 0) content = data;
    else if (entry.method === 8) {
      try {
        // Inflating stops at the declared size: more output than declared is a bomb, not a file.
        content = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          throw new ZipRefusedError('too-large', 'A part of the file unpacks to more than its declared size.');
        }
        throw invalid('A zip entry could not be inflated.');
      }
    } else throw invalid(`Compression method ${entry.method} is not read.`);
    if (content.length !== entry.size) throw invalid('A zip entry does not match its declared size.');
    files.set(entry.name, content);
  }
  return files;
}

/** A zip of `files` stored without compression (what was checked, handed on as is). */
export function storedZip(files: Map<string, Buffer>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_SIGNATURE, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(CENTRAL_SIGNATURE, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, content);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD_SIGNATURE, 0);
  end.writeUInt16LE(files.size, 8);
  end.writeUInt16LE(files.size, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

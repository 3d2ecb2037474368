import { BRANDING_IMAGE_LIMITS, BRANDING_MAX_PIXELS, type BrandingImageKind } from '@conversa/shared';
import type { Sharp } from 'sharp';
import { AppError } from '../../platform/http/app-error.js';

/** Image formats accepted (sniffed from the bytes) — what sharp decodes; never SVG. */
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

export type BrandingFileKind = BrandingImageKind | 'icon192' | 'icon512';

export interface ProcessedImage {
  kind: BrandingFileKind;
  mime: string;
  content: Buffer;
  width: number;
  height: number;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

/**
 * An uploaded white-label image, checked by content and re-encoded: the size of the file (413), an
 * SVG (refused, 415: it can carry scripts and links, and sanitising it is a game of whack-a-mole), a
 * type sniffed from the magic bytes (415 unless PNG, JPEG, WebP, GIF or AVIF), then decoded by
 * libvips (sharp) within BRANDING_MAX_PIXELS (decompression bombs) — a file that does not decode is
 * refused (400 ERR_BRANDING_IMAGE_INVALID). What is stored is a new encoding of the decoded pixels
 * (no metadata, no trailing bytes: no polyglot survives), bounded in size: the logo a PNG within
 * 1024 px, the favicon a 256 px square PNG plus the 192 and 512 px icons of the web app manifest,
 * the login background a WebP within 2560 px.
 */
export async function processBrandingImage(kind: BrandingImageKind, content: Buffer): Promise<ProcessedImage[]> {
  if (content.length === 0) throw new AppError('ERR_VALIDATION', 'The file is empty.', { file: ['Empty'] });
  const { maxBytes } = BRANDING_IMAGE_LIMITS[kind];
  if (content.length > maxBytes) throw new AppError('ERR_PAYLOAD_TOO_LARGE', `The file is larger than ${maxBytes / 1024 / 1024} MB.`);
  if (looksLikeMarkup(content)) {
    if (/<svg[\s>]/i.test(content.subarray(0, 64 * 1024).toString('utf8'))) throw new AppError('ERR_SVG_NOT_ACCEPTED');
    throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', 'This is not an image: send a PNG, JPEG or WebP image.');
  }
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(content);
  if (!sniffed || !ACCEPTED.has(sniffed.mime))
    throw new AppError(
      'ERR_UNSUPPORTED_MEDIA_TYPE',
      `${sniffed ? `Files of type ${sniffed.mime}` : 'This type of file'} cannot be used: send a PNG, JPEG or WebP image.`,
    );

  // Loaded by the first upload, not at start.
  const { default: sharp } = await import('sharp');
  const source = (): Sharp => sharp(content, { limitInputPixels: BRANDING_MAX_PIXELS, failOn: 'error', animated: false }).rotate();
  try {
    const meta = await sharp(content, { limitInputPixels: BRANDING_MAX_PIXELS, failOn: 'error' }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    switch (kind) {
      case 'logo':
        return [
          await encode(
            'logo',
            source().resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }).png({ compressionLevel: 9 }),
            'image/png',
          ),
        ];
      case 'favicon':
        return Promise.all([
          encode(
            'favicon',
            source().resize(256, 256, { fit: 'contain', background: TRANSPARENT }).png({ compressionLevel: 9 }),
            'image/png',
          ),
          encode(
            'icon192',
            source().resize(192, 192, { fit: 'contain', background: TRANSPARENT }).png({ compressionLevel: 9 }),
            'image/png',
          ),
          encode(
            'icon512',
            source().resize(512, 512, { fit: 'contain', background: TRANSPARENT }).png({ compressionLevel: 9 }),
            'image/png',
          ),
        ]);
      case 'background':
        return [
          await encode(
            'background',
            source().resize({ width: 2560, height: 2560, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }),
            'image/webp',
          ),
        ];
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('ERR_BRANDING_IMAGE_INVALID');
  }
}

async function encode(kind: BrandingFileKind, pipeline: Sharp, mime: string): Promise<ProcessedImage> {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { kind, mime, content: data, width: info.width, height: info.height };
}

/** Text starting with `<` (after a BOM and blanks): SVG, HTML or XML, never a raster image. */
function looksLikeMarkup(content: Buffer): boolean {
  let text = content.subarray(0, 1024).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return text.trimStart().startsWith('<');
}

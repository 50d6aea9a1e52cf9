/**
 * Writes the PWA icons (public/icons/*.png): a white droplet on the brand teal.
 * Plain zlib + a hand-rolled PNG encoder, so no image tooling is needed.
 * Run with: npx tsx scripts/make-icons.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { pngChunk } from './png-chunk';

type Rgba = readonly [number, number, number, number];

const TEAL: Rgba = [0x0b, 0x72, 0x85, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const CLEAR: Rgba = [0, 0, 0, 0];
const SUPERSAMPLE = 4;


function encodePng(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set(pixel(x, y), row + 1 + x * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** A droplet: a circle plus the two tangent lines to its tip. `scale` shrinks it about the centre. */
function inDroplet(u: number, v: number, scale: number): boolean {
  const x = 0.5 + (u - 0.5) / scale;
  const y = 0.5 + (v - 0.5) / scale;
  const cx = 0.5;
  const cy = 0.6;
  const r = 0.22;
  const tipY = 0.16;
  if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) return true;
  const d = cy - tipY;
  const theta = Math.acos(r / d);
  const tangentY = cy - r * Math.cos(theta);
  const tangentHalf = r * Math.sin(theta);
  if (y < tipY || y > tangentY) return false;
  return Math.abs(x - cx) <= ((y - tipY) / (tangentY - tipY)) * tangentHalf;
}

function inRoundedSquare(u: number, v: number, radius: number): boolean {
  const dx = Math.max(radius - u, 0, u - (1 - radius));
  const dy = Math.max(radius - v, 0, v - (1 - radius));
  return dx * dx + dy * dy <= radius * radius;
}

interface IconSpec {
  file: string;
  size: number;
  /** Corner radius of the tile (0 = full bleed, as maskable and Apple icons need). */
  corner: number;
  /** Droplet scale; maskable icons keep it inside the 80% safe zone. */
  droplet: number;
}

function render({ size, corner, droplet }: IconSpec): Buffer {
  return encodePng(size, (x, y) => {
    const samples: Rgba[] = [];
    for (let sy = 0; sy < SUPERSAMPLE; sy++) {
      for (let sx = 0; sx < SUPERSAMPLE; sx++) {
        const u = (x + (sx + 0.5) / SUPERSAMPLE) / size;
        const v = (y + (sy + 0.5) / SUPERSAMPLE) / size;
        if (corner > 0 && !inRoundedSquare(u, v, corner)) samples.push(CLEAR);
        else samples.push(inDroplet(u, v, droplet) ? WHITE : TEAL);
      }
    }
    const alpha = samples.reduce((sum, s) => sum + s[3], 0);
    if (alpha === 0) return CLEAR;
    // Premultiply so edge pixels blend towards the colours, not towards transparent black.
    const channel = (i: 0 | 1 | 2) => Math.round(samples.reduce((sum, s) => sum + s[i] * s[3], 0) / alpha);
    return [channel(0), channel(1), channel(2), Math.round(alpha / samples.length)];
  });
}

const ICONS: IconSpec[] = [
  { file: 'icon-192.png', size: 192, corner: 0.2, droplet: 1 },
  { file: 'icon-512.png', size: 512, corner: 0.2, droplet: 1 },
  { file: 'icon-maskable-512.png', size: 512, corner: 0, droplet: 0.72 },
  { file: 'apple-touch-icon.png', size: 180, corner: 0, droplet: 0.85 },
  { file: 'favicon-32.png', size: 32, corner: 0.2, droplet: 1 },
];

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(outDir, { recursive: true });
for (const icon of ICONS) {
  writeFileSync(join(outDir, icon.file), render(icon));
  console.log(`wrote public/icons/${icon.file}`);
}

/**
 * Writes the demo wards' floor plans (public/floorplans/{groupId}.png): walls, corridor, nurse
 * station, entrance and the patient rooms with their beds and room numbers, drawn from the same
 * layout the seed gives the zones, so every zone polygon outlines its room on the image.
 * An 8-bit palette PNG encoded with plain zlib. Run with: npx tsx scripts/make-floorplans.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { roomBeds, UNIT_PLANS, type UnitPlan } from '../server/src/db/demo/devices-data';
import { FLOORPLAN_HEIGHT, FLOORPLAN_WIDTH, type Rect, wardLayout } from '../server/src/db/demo/ward-layout';
import { pngChunk } from './png-chunk';

const PALETTE = [
  [0xf3, 0xf5, 0xf7], // 0 background
  [0x3e, 0x4a, 0x57], // 1 outer wall
  [0xff, 0xff, 0xff], // 2 room floor
  [0xe6, 0xeb, 0xf0], // 3 corridor
  [0xdd, 0xee, 0xfa], // 4 nurse station
  [0xff, 0xf6, 0xd5], // 5 entrance
  [0x98, 0xa4, 0xb0], // 6 partition
  [0x56, 0x61, 0x6d], // 7 label
  [0xd5, 0xdd, 0xe5], // 8 bed
  [0xec, 0xef, 0xf2], // 9 utility rooms
] as const;
const C = { background: 0, wall: 1, room: 2, corridor: 3, station: 4, entrance: 5, partition: 6, label: 7, bed: 8, utility: 9 } as const;

// 5×7 digits, one string per row, '#' set.
const DIGITS: Record<string, readonly string[]> = {
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
};

class Canvas {
  readonly pixels = new Uint8Array(FLOORPLAN_WIDTH * FLOORPLAN_HEIGHT);

  fill(r: Rect, color: number) {
    const x0 = Math.max(0, Math.round(r.x0));
    const x1 = Math.min(FLOORPLAN_WIDTH, Math.round(r.x1));
    for (let y = Math.max(0, Math.round(r.y0)); y < Math.min(FLOORPLAN_HEIGHT, Math.round(r.y1)); y++) {
      this.pixels.fill(color, y * FLOORPLAN_WIDTH + x0, y * FLOORPLAN_WIDTH + x1);
    }
  }

  stroke(r: Rect, color: number, width: number) {
    const h = width / 2;
    this.fill({ x0: r.x0 - h, y0: r.y0 - h, x1: r.x1 + h, y1: r.y0 + h }, color);
    this.fill({ x0: r.x0 - h, y0: r.y1 - h, x1: r.x1 + h, y1: r.y1 + h }, color);
    this.fill({ x0: r.x0 - h, y0: r.y0 - h, x1: r.x0 + h, y1: r.y1 + h }, color);
    this.fill({ x0: r.x1 - h, y0: r.y0 - h, x1: r.x1 + h, y1: r.y1 + h }, color);
  }

  /** Digits centred on (cx, cy), each font pixel `scale` pixels wide. */
  text(digits: string, cx: number, cy: number, scale: number, color: number) {
    const width = digits.length * 6 * scale - scale;
    let x = Math.round(cx - width / 2);
    const y = Math.round(cy - (7 * scale) / 2);
    for (const ch of digits) {
      DIGITS[ch]?.forEach((row, dy) => {
        [...row].forEach((cell, dx) => {
          if (cell === '#') this.fill({ x0: x + dx * scale, y0: y + dy * scale, x1: x + (dx + 1) * scale, y1: y + (dy + 1) * scale }, color);
        });
      });
      x += 6 * scale;
    }
  }
}

function draw(plan: UnitPlan): Canvas {
  const layout = wardLayout(plan.rooms);
  const canvas = new Canvas();
  canvas.fill(layout.outline, C.background);
  canvas.fill(layout.corridor, C.corridor);
  canvas.fill(layout.utility, C.utility);
  canvas.fill(layout.staffRoom, C.utility);
  canvas.stroke(layout.utility, C.partition, 4);
  canvas.stroke(layout.staffRoom, C.partition, 4);
  canvas.fill(layout.entrance, C.entrance);
  canvas.fill(layout.station, C.station);
  canvas.stroke(layout.station, C.partition, 3);

  layout.rooms.forEach((room, i) => {
    canvas.fill(room.rect, C.room);
    canvas.stroke(room.rect, C.partition, 4);
    const beds = room.beds(roomBeds(plan, i));
    const half = beds.length === 1 ? 24 : 17;
    for (const bed of beds) canvas.fill({ x0: bed.x - half, y0: bed.y - 36, x1: bed.x + half, y1: bed.y + 36 }, C.bed);
    // The doorway: a gap in the corridor wall.
    canvas.fill({ x0: room.door.x - 22, y0: room.door.y - 3, x1: room.door.x + 22, y1: room.door.y + 3 }, C.room);
    const labelY = room.side === 'top' ? room.rect.y1 - 55 : room.rect.y0 + 55;
    canvas.text(String(plan.roomBase + i), room.door.x, labelY, 3, C.label);
  });
  canvas.stroke(layout.outline, C.wall, 8);
  // The unit's entrance: an opening in the west wall.
  canvas.fill({ x0: layout.outline.x0 - 5, y0: layout.entrance.y0 + 20, x1: layout.outline.x0 + 5, y1: layout.entrance.y1 - 20 }, C.entrance);
  return canvas;
}


/** An 8-bit indexed-colour PNG of the canvas. */
function encodePng(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(FLOORPLAN_WIDTH, 0);
  header.writeUInt32BE(FLOORPLAN_HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // indexed colour
  const raw = Buffer.alloc(FLOORPLAN_HEIGHT * (FLOORPLAN_WIDTH + 1));
  for (let y = 0; y < FLOORPLAN_HEIGHT; y++) {
    raw[y * (FLOORPLAN_WIDTH + 1)] = 0; // filter: none
    raw.set(canvas.pixels.subarray(y * FLOORPLAN_WIDTH, (y + 1) * FLOORPLAN_WIDTH), y * (FLOORPLAN_WIDTH + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('PLTE', Uint8Array.from(PALETTE.flat())),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'floorplans');
mkdirSync(outDir, { recursive: true });
for (const plan of UNIT_PLANS) {
  writeFileSync(join(outDir, `${plan.groupId}.png`), encodePng(draw(plan)));
  console.log(`wrote public/floorplans/${plan.groupId}.png`);
}

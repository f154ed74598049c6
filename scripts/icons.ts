/** The Teams app icons drawn in code, so they can be regenerated and checked by tests. */
import { PNG } from 'pngjs';

/** Icon sizes Teams requires: 192x192 colour, 32x32 outline. */
export const ICON_SIZES = { color: 192, outline: 32 } as const;

const ACCENT = [0x2b, 0x6c, 0xb0] as const;
const SAMPLES = 4;

/** A shape in unit coordinates (0..1 across the icon). */
type Shape = (x: number, y: number) => boolean;

function roundedRect(x0: number, y0: number, x1: number, y1: number, r: number): Shape {
  return (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    const cx = Math.min(Math.max(x, x0 + r), x1 - r);
    const cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  };
}

/**
 * A ticket stub: a rounded card with a half-circle bite on each side and a dashed tear line,
 * plus two text bars; `holes` are cut out of `body` so the glyph reads at 32 pixels too.
 */
function ticket(scale: number): { body: Shape; holes: Shape } {
  const x0 = 0.5 - 0.36 * scale;
  const x1 = 0.5 + 0.36 * scale;
  const y0 = 0.5 - 0.23 * scale;
  const y1 = 0.5 + 0.23 * scale;
  const card = roundedRect(x0, y0, x1, y1, 0.05 * scale);
  const notchR = 0.075 * scale;
  const tearX = x0 + 0.22 * scale;
  const notch: Shape = (x, y) => (x - x0) ** 2 + (y - 0.5) ** 2 <= notchR ** 2 || (x - x1) ** 2 + (y - 0.5) ** 2 <= notchR ** 2;
  const dashH = 0.06 * scale;
  const tear: Shape = (x, y) =>
    Math.abs(x - tearX) <= 0.018 * scale && y > y0 + 0.04 * scale && y < y1 - 0.04 * scale && Math.floor((y - y0) / dashH) % 2 === 1;
  const barL = tearX + 0.08 * scale;
  const bar1 = roundedRect(barL, 0.5 - 0.1 * scale, x1 - 0.08 * scale, 0.5 - 0.04 * scale, 0.03 * scale);
  const bar2 = roundedRect(barL, 0.5 + 0.04 * scale, x1 - 0.18 * scale, 0.5 + 0.1 * scale, 0.03 * scale);
  return {
    body: (x, y) => card(x, y) && !notch(x, y),
    holes: (x, y) => tear(x, y) || bar1(x, y) || bar2(x, y),
  };
}

function coverage(shape: Shape, px: number, py: number, size: number): number {
  let hits = 0;
  for (let i = 0; i < SAMPLES; i++) {
    for (let j = 0; j < SAMPLES; j++) {
      if (shape((px + (i + 0.5) / SAMPLES) / size, (py + (j + 0.5) / SAMPLES) / size)) hits++;
    }
  }
  return hits / (SAMPLES * SAMPLES);
}

/** 192x192: a white ticket on the accent-blue rounded tile, text bars and tear line in blue. */
export function drawColorIcon(): Buffer {
  const size = ICON_SIZES.color;
  const png = new PNG({ width: size, height: size });
  const tile = roundedRect(0, 0, 1, 1, 0.18);
  const { body, holes } = ticket(1);
  const white: Shape = (x, y) => body(x, y) && !holes(x, y);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const i = (py * size + px) * 4;
      const w = coverage(white, px, py, size);
      for (let c = 0; c < 3; c++) png.data[i + c] = Math.round(ACCENT[c] * (1 - w) + 255 * w);
      png.data[i + 3] = Math.round(255 * coverage(tile, px, py, size));
    }
  }
  return PNG.sync.write(png);
}

/** 32x32: the same ticket in white on a transparent background, as Teams requires. */
export function drawOutlineIcon(): Buffer {
  const size = ICON_SIZES.outline;
  const png = new PNG({ width: size, height: size });
  const { body, holes } = ticket(1.2);
  const glyph: Shape = (x, y) => body(x, y) && !holes(x, y);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const i = (py * size + px) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = 255;
      png.data[i + 3] = Math.round(255 * coverage(glyph, px, py, size));
    }
  }
  return PNG.sync.write(png);
}

/** The screenshot comparison of the e2e tests: a moved block fails, a tint within tolerance passes. */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { compareImages } from '../e2e/visual';

/** A 200 × 100 white PNG with a grey 40 × 20 block at (x, y), its colour `shade`. */
function image(x: number, y: number, shade = 60, width = 200): Buffer {
  const png = new PNG({ width, height: 100 });
  for (let py = 0; py < 100; py++) {
    for (let px = 0; px < width; px++) {
      const i = (py * width + px) * 4;
      const inBlock = px >= x && px < x + 40 && py >= y && py < y + 20;
      png.data.fill(inBlock ? shade : 255, i, i + 3);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

describe('screenshot comparison (issue 11 visual regression check)', () => {
  it('the same image has no differing pixel', () => {
    expect(compareImages(image(10, 10), image(10, 10))).toEqual({ differing: 0, ratio: 0, sizeMismatch: false });
  });

  it('a block moved by 8 px differs by far more than the 0.2 % allowance', () => {
    const r = compareImages(image(18, 10), image(10, 10));
    expect(r.differing).toBeGreaterThan(300);
    expect(r.ratio).toBeGreaterThan(0.002);
  });

  it('a barely different shade (anti-aliasing-like) is within the colour threshold', () => {
    expect(compareImages(image(10, 10, 62), image(10, 10, 60)).differing).toBe(0);
  });

  it('a different size is a mismatch', () => {
    expect(compareImages(image(10, 10, 60, 210), image(10, 10)).sizeMismatch).toBe(true);
  });
});

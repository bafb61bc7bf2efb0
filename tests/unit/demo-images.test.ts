/**
 * The demo's product images (issue 27, fixtures/demo/images.ts), the pure part: every demo colorway
 * and pattern gets one, in colours its colour description names (none falls back to grey), in the
 * silhouette its pattern's name suggests, under a file name an upload would accept; the drawing is
 * valid SVG that sharp renders at 600 px, the same every time.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { colourOf, demoImages, pictureOf, pictureSvg, silhouetteOf } from '../../fixtures/demo/images';
import { imageNameProblem } from '../../server/domain/image-rules';

const fixture = <T>(entity: string): T[] => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../fixtures/demo', `${entity}.json`), 'utf8'));
const colorways = fixture<{ PrototypeId: number; PrototypeSeasonalId: number; ColorDesc: string }>('colorway');
const patterns = fixture<{ PatternId: number }>('pattern');

describe('demo images (issue 27: a catalog with product images)', () => {
  it('DOC-018 CAT-005 one image per demo colorway (base record) and per demo pattern, with a file name an upload accepts', () => {
    const images = demoImages();
    const of = (level: number) => images.filter((i) => i.level === level);
    expect(
      of(4)
        .map((i) => i.id)
        .sort((a, b) => a - b),
    ).toEqual([...new Set(colorways.map((c) => c.PrototypeId))].sort((a, b) => a - b));
    expect(
      of(3)
        .map((i) => i.id)
        .sort((a, b) => a - b),
    ).toEqual([...new Set(patterns.map((p) => p.PatternId))].sort((a, b) => a - b));
    for (const i of images) expect(imageNameProblem(i.fileName), i.fileName).toBeUndefined();
    // A colorway's image path names its first seasonal, as an upload from its screen would.
    for (const i of of(4)) expect(colorways.find((c) => c.PrototypeId === i.id)!.PrototypeSeasonalId).toBe(i.seasonalId);
  });

  it('CAT-005 every demo colour description names known colours; a colorway is drawn in them', () => {
    for (const c of colorways) for (const part of String(c.ColorDesc).split('/')) expect(colourOf(part), `${c.ColorDesc}: ${part}`).toBeDefined();
    expect(pictureOf('Ridgeline Mid WP', 'Black/Charcoal')).toEqual({ silhouette: 'boot', main: colourOf('Black'), accent: colourOf('Charcoal') });
    expect(colourOf('Crazy Horse Brown')).toBe(colourOf('brown'));
    expect(colourOf('Dark Brown')).not.toBe(colourOf('brown'));
    // One colour: the accent is a shade of it.
    const single = pictureOf('Bellport Loafer', 'Burgundy');
    expect(single.main).toBe(colourOf('Burgundy'));
    expect(single.accent).not.toBe(single.main);
  });

  it('CAT-005 the silhouette follows the pattern: boots, sandals and slides, moccasins and boat shoes, low shoes', () => {
    expect(['Ridgeline Mid WP', 'Foreman 8in Steel Toe WP', 'Glacier Pac Boot', 'Quayside Chukka', 'Cirque Hiker'].map(silhouetteOf)).toEqual(
      Array(5).fill('boot'),
    );
    expect(['Riverbend Sandal', 'Cascade Slide'].map(silhouetteOf)).toEqual(['sandal', 'sandal']);
    expect(['Mariner 2-Eye Boat', 'Bellport Loafer', 'Portofino Driver'].map(silhouetteOf)).toEqual(['moc', 'moc', 'moc']);
    expect(['Tempo Glide 5', 'Dockside Canvas Oxford'].map(silhouetteOf)).toEqual(['low', 'low']);
    expect(new Set(demoImages().map((i) => i.picture.silhouette))).toEqual(new Set(['boot', 'low', 'moc', 'sandal']));
  });

  it('CAT-005 a drawing renders to a 600 px PNG, byte for byte the same each time', async () => {
    const svg = pictureSvg(pictureOf('Riverbend Sandal', 'Olive/Sand'));
    expect(svg).toBe(pictureSvg(pictureOf('Riverbend Sandal', 'Olive/Sand')));
    const [a, b] = await Promise.all([svg, svg].map((s) => sharp(Buffer.from(s)).png().toBuffer()));
    expect(a.equals(b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ width: 600, height: 600, format: 'png' });
  });
});

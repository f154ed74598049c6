/** `npx tsx scripts/make-icons.ts`: redraws manifest/teams/color.png and outline.png. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawColorIcon, drawOutlineIcon } from './icons';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../manifest/teams');
writeFileSync(path.join(dir, 'color.png'), drawColorIcon());
writeFileSync(path.join(dir, 'outline.png'), drawOutlineIcon());
process.stdout.write(`Wrote ${path.join(dir, 'color.png')} and outline.png\n`);

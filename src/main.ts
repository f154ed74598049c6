/**
 * The bot process (`npm start`, `npm run start:prod`, `node dist/main.js`). An unsupported Node.js
 * stops here with one line (src/node-version.ts). V8 is told to favour
 * memory (src/v8-memory.ts) before the bot's code is loaded, so the heap never grows to V8's
 * defaults while the packages load; src/run.ts then reads the settings and starts the bot.
 */
import './node-version';
import { favourMemory } from './v8-memory';

favourMemory();
await import('./run');

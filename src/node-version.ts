/**
 * The first module the bot loads (src/main.ts imports it before anything else): on a Node.js older
 * than the project supports, it stops with one line that names the version needed, before a
 * native addon built for a newer Node can crash the process (better-sqlite3 13 aborts on Node 20).
 * `npm start` and `npm test` never get here on an old Node: scripts/node.mjs runs them on the
 * pinned Node 24 instead. `node dist/main.js`, as in production, does.
 */
export const NODE_NEEDED = { major: 22, minor: 12 } as const;

/** Whether `version` ("v22.12.0") is one the bot runs on. */
export function supportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > NODE_NEEDED.major || (major === NODE_NEEDED.major && minor >= NODE_NEEDED.minor);
}

if (!supportedNode(process.version)) {
  process.stderr.write(
    `The help-desk bot needs Node.js ${NODE_NEEDED.major}.${NODE_NEEDED.minor} or newer (24 LTS recommended); this is Node.js ${process.version.slice(1)}. ` +
      'Install Node.js 24, or run `npm start`, which fetches it into .node/.\n',
  );
  process.exit(1);
}

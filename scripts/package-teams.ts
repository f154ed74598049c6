/**
 * `npm run package:teams [-- --production] [--out DIR]`: writes manifest/teams/build/helpdesk-teams.zip (or DIR/…) for
 * upload to Teams, from the environment and .env files. With --production (or NODE_ENV=production)
 * the organisation's own developer name and links are required.
 */
import path from 'node:path';
import { isProduction } from '../src/config';
import { loadEnvFiles } from '../src/env';
import { TEAMS_MANIFEST_DIR, TeamsPackageError, buildTeamsPackage } from './teams-package';

loadEnvFiles();
const production = process.argv.includes('--production') || isProduction(process.env);
const outAt = process.argv.indexOf('--out');
const outDir = outAt > 0 && process.argv[outAt + 1] ? path.resolve(process.argv[outAt + 1]) : path.join(TEAMS_MANIFEST_DIR, 'build');
try {
  const file = buildTeamsPackage(process.env, outDir, TEAMS_MANIFEST_DIR, {
    production,
    warn: (message) => process.stderr.write(`Warning — ${message}\n`),
  });
  process.stdout.write(`Teams app package: ${file}\nUpload it in Teams admin center (Manage apps → Upload) or sideload it (Apps → Manage your apps → Upload an app).\n`);
} catch (err) {
  if (err instanceof TeamsPackageError) {
    process.stderr.write(`Cannot build the Teams package — ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}

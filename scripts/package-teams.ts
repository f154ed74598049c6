/** `npm run package:teams`: writes manifest/teams/build/helpdesk-teams.zip for upload to Teams. */
import path from 'node:path';
import { TEAMS_MANIFEST_DIR, TeamsPackageError, buildTeamsPackage } from './teams-package';

try {
  const file = buildTeamsPackage(process.env, path.join(TEAMS_MANIFEST_DIR, 'build'));
  process.stdout.write(`Teams app package: ${file}\nUpload it in Teams admin center (Manage apps → Upload) or sideload it (Apps → Manage your apps → Upload an app).\n`);
} catch (err) {
  if (err instanceof TeamsPackageError) {
    process.stderr.write(`Cannot build the Teams package — ${err.message}\n`);
    process.exit(2);
  }
  throw err;
}

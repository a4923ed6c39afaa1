// Vitest global setup of the api-pglite and e2e projects: the run's PGlite template, removed after the run. `npm test`
// names a folder for it (PORTAL_PGLITE_TEMPLATE_DIR) so that its two vitest runs make one template, and removes it.
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { createPgliteTemplate, removePgliteTemplate } from './pglite-template.ts';

export default async function setup(project: TestProject) {
  const sharedDir = process.env.PORTAL_PGLITE_TEMPLATE_DIR;
  const template = await createPgliteTemplate(loadConfig({ NODE_ENV: 'test' }), sharedDir);
  project.provide('pgliteTemplate', template);
  return () => {
    if (!sharedDir) removePgliteTemplate(template);
  };
}

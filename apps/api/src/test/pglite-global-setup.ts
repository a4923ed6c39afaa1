// Vitest global setup of the api-pglite and e2e projects: the run's PGlite template, removed after the run.
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { createPgliteTemplate, removePgliteTemplate } from './pglite-template.ts';

export default async function setup(project: TestProject) {
  const template = await createPgliteTemplate(loadConfig({ NODE_ENV: 'test' }));
  project.provide('pgliteTemplate', template);
  return () => removePgliteTemplate(template);
}

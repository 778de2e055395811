import { Value } from '@sinclair/typebox/value';
import { PortalConfigSchema } from './portal-config.schema.js';
import type { PortalConfig } from './portal-config.js';

/** Returns human-readable problems; empty when the config is valid. Cross-field rules live here. */
export function configProblems(config: PortalConfig): string[] {
  const problems = [...Value.Errors(PortalConfigSchema, config)].map((e) => `${e.path || '/'}: ${e.message}`);
  if (problems.length > 0) return problems;
  const { minHeadingLevel, maxHeadingLevel } = config.tableOfContents;
  if (minHeadingLevel > maxHeadingLevel) problems.push('/tableOfContents: minHeadingLevel must be <= maxHeadingLevel');
  if (!config.versions.some((v) => v.name === config.lastVersion)) problems.push(`/lastVersion: unknown version ${config.lastVersion}`);
  const latest = config.versions.find((v) => v.name === config.lastVersion);
  if (latest && latest.path !== '') problems.push('/versions: the last version is served at /docs and needs path ""');
  const paths = config.versions.map((v) => v.path);
  if (new Set(paths).size !== paths.length) problems.push('/versions: version paths must be unique');
  if (!config.locales.locales.includes(config.locales.defaultLocale)) problems.push('/locales: defaultLocale is not listed');
  return problems;
}

/** Throws on an invalid config; called once when the server build is loaded. */
export function assertValidConfig(config: PortalConfig): PortalConfig {
  const problems = configProblems(config);
  if (problems.length > 0) throw new Error(`Invalid portal config:\n${problems.join('\n')}`);
  return config;
}

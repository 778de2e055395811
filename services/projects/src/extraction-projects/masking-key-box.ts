import { createSecretBox, type SecretBox } from '@ligature/service-kit'

/** Extraction projects' masking keys, sealed under their own purpose (a sealed data source setting does not open here). */
export const createProjectsSecretBox = (secretsKey: string): SecretBox =>
  createSecretBox(secretsKey, { salt: 'ligature-projects-masking-keys', aad: 'ligature.projects.extraction-project-masking-key' })

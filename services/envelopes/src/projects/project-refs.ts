import { apiError, canSeeProject, notFound, type Principal } from '@ligature/service-kit'
import type { ProjectsClient } from './projects-client.js'

const MAX_ID = 2147483647

/**
 * `/projects/{id}/...` takes a project code, or a numeric project id which only the projects service can
 * turn into a code. Unknown ids and projects outside the caller's scope are both 404, so a scoped token
 * cannot learn which other projects exist.
 */
export async function readableProjectCode(projects: ProjectsClient, p: Principal, ref: string): Promise<string> {
  let code: string | null = ref
  if (/^\d+$/.test(ref)) {
    const id = Number(ref)
    code = id >= 1 && id <= MAX_ID ? (await projects.projectById(id))?.code ?? null : null
  }
  if (code === null || !canSeeProject(p, code)) throw notFound('Project')
  return code
}

/** A linkage or bulk load runs in an existing, active project; otherwise a 400 names the field. */
export async function requireActiveProject(projects: ProjectsClient, code: string): Promise<void> {
  const project = await projects.projectByCode(code)
  if (!project || project.isActive === false) {
    throw apiError('invalidRequest', [{ path: '/projectCode', message: 'No active project has this code.' }])
  }
}

/**
 * A bulk load extracts into an enduring extraction project of its own project (product behaviour §8.5: only
 * enduring ones are offered); anything else is a 400 naming the field, before anything is queued.
 */
export async function requireEnduringExtractionProject(projects: ProjectsClient, projectCode: string, id: string): Promise<void> {
  const [project, ep] = await Promise.all([projects.projectByCode(projectCode), projects.extractionProject(id)])
  const problem = !ep ? 'No extraction project has this id.'
    : !project || ep.projectId !== project.id ? 'The extraction project belongs to another project.'
      : !ep.useEnduringLinkageKeys ? 'A bulk load extracts only into an enduring extraction project (useEnduringLinkageKeys true).' : null
  if (problem) throw apiError('invalidRequest', [{ path: '/extractionProjectId', message: problem }])
}

/** Writes to a project (a rollback): an unknown project is 404, one outside the caller's scope 401. */
export async function writableProjectCode(projects: ProjectsClient, p: Principal, ref: string): Promise<string> {
  let code: string | null = ref
  if (/^\d+$/.test(ref)) {
    const id = Number(ref)
    code = id >= 1 && id <= MAX_ID ? (await projects.projectById(id))?.code ?? null : null
  } else if (!(await projects.projectByCode(ref))) code = null
  if (code === null) throw notFound('Project')
  if (!canSeeProject(p, code)) throw apiError('unauthorized')
  return code
}

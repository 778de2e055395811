import type { Kysely } from 'kysely'
import type { ProjectInput } from '@ligature/contracts'
import type { FieldProblem } from '@ligature/service-kit'
import type { ProjectLinkJson, ProjectsDb } from '../db.js'
import * as repo from './project.repository.js'

/** Where the refusals point: the guide explains calling and reference projects and why links do not chain. */
export const P2P_GUIDE = '/docs/guides/project-to-project'

/**
 * Project-to-project rules (DECISIONS.md "Project-to-project linkage"): a calling project names one reference
 * project, an existing other project; the event types it names must be members of that reference project; and
 * links never chain — a reference project is not itself a calling project, and a project that is some other
 * project's reference cannot become a calling project.
 */
export async function projectLinkProblems(db: Kysely<ProjectsDb>, input: ProjectInput, selfId: number | null): Promise<FieldProblem[]> {
  const links = input.projectLinks ?? []
  if (links.length === 0) return []
  const problems: FieldProblem[] = []
  if (links.length > 1) problems.push({ path: '/projectLinks/1', message: 'a calling project names one reference project' })
  const targets = await repo.linkTargets(db, links.map((l) => l.projectId))
  links.forEach((l, i) => {
    const at = `/projectLinks/${i}`
    if (l.projectId === selfId) return problems.push({ path: `${at}/projectId`, message: 'a project cannot link to itself' })
    const target = targets.get(l.projectId)
    if (!target) return problems.push({ path: `${at}/projectId`, message: `project ${l.projectId} does not exist` })
    if (target.project_links.length > 0) {
      problems.push({ path: `${at}/projectId`, message: `project ${target.code} is itself a calling project (it links to project ${target.project_links[0]!.projectId}); project-to-project links do not chain, see ${P2P_GUIDE}` })
    }
    const members = new Set(target.event_type_members.map((m) => m.eventTypeId))
    l.eventTypeMembers.forEach((m, j) => {
      if (!members.has(m.eventTypeId)) problems.push({ path: `${at}/eventTypeMembers/${j}/eventTypeId`, message: `event type ${m.eventTypeId} is not a member of project ${target.code}` })
    })
    return undefined
  })
  if (selfId !== null) {
    const callers = await repo.callingProjectsOf(db, selfId)
    if (callers.length > 0) {
      problems.push({ path: '/projectLinks/0/projectId', message: `this project is the reference project of ${callers.map((c) => c.code).join(', ')}; project-to-project links do not chain, see ${P2P_GUIDE}` })
    }
  }
  return problems
}

/** Whether a body names other links than the stored ones (order of event types ignored). */
export function linksChanged(stored: ProjectLinkJson[], input: ProjectInput): boolean {
  const norm = (links: { projectId: number; eventTypeMembers: { eventTypeId: number }[] }[]) =>
    JSON.stringify(links.map((l) => [l.projectId, l.eventTypeMembers.map((m) => m.eventTypeId).sort((a, b) => a - b)]))
  return norm(stored) !== norm(input.projectLinks ?? [])
}

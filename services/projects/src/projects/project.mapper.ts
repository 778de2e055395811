import type { Project, ProjectInput } from '@ligature/contracts'
import { DEFAULT_GROUP_STRATEGY } from '@ligature/contracts'
import { encodeVersion } from '@ligature/service-kit'
import type { ProjectRow, ProjectsTable } from '../db.js'

export const toProject = (r: ProjectRow): Project => ({
  id: r.id, code: r.code, name: r.name, description: r.description, notificationEmail: r.notification_email,
  isActive: r.is_active, groupConfig: { groupStrategy: r.group_strategy as NonNullable<Project['groupConfig']>['groupStrategy'] },
  eventTypeMembers: r.event_type_members, projectLinks: r.project_links,
  lastModified: r.last_modified.toISOString(), version: encodeVersion(r.revision),
})

/** The stored columns of an input body; omitted optional fields take their defaults. */
export const projectColumns = (input: ProjectInput) => ({
  code: input.code, name: input.name, description: input.description,
  notification_email: input.notificationEmail ?? null,
  is_active: input.isActive ?? true,
  group_strategy: input.groupConfig?.groupStrategy ?? DEFAULT_GROUP_STRATEGY,
  event_type_members: JSON.stringify(input.eventTypeMembers.map((m) => ({ eventTypeId: m.eventTypeId, code: m.code }))) as unknown as ProjectsTable['event_type_members'],
  project_links: JSON.stringify((input.projectLinks ?? []).map((l) => ({
    projectId: l.projectId, eventTypeMembers: l.eventTypeMembers.map((m) => ({ eventTypeId: m.eventTypeId, code: m.code })),
  }))) as unknown as ProjectsTable['project_links'],
})

import { Type, type Static } from '@sinclair/typebox'
import { GroupStrategies } from '../enums.js'
import { Audit, IntId, Nullable, Str } from '../common.js'

export const EventTypeMemberSchema = Type.Object(
  { eventTypeId: Type.Integer(), code: Str(1, 15) },
  { $id: 'EventTypeMember', additionalProperties: false },
)
export const GroupConfigSchema = Type.Object(
  { groupStrategy: Type.Union(GroupStrategies.map((s) => Type.Literal(s))) },
  { $id: 'GroupConfig', additionalProperties: false },
)
export const ProjectLinkSchema = Type.Object(
  { projectId: Type.Integer(), eventTypeMembers: Type.Array(EventTypeMemberSchema) },
  { $id: 'ProjectLink', additionalProperties: false },
)

const fields = {
  code: Str(1, 20),
  name: Str(1, 100),
  description: Str(1, 1000),
  notificationEmail: Type.Optional(Nullable(Str(0, 320))),
  isActive: Type.Optional(Type.Boolean({ default: true })),
  groupConfig: Type.Optional(GroupConfigSchema),
  eventTypeMembers: Type.Array(EventTypeMemberSchema),
  projectLinks: Type.Optional(Type.Array(ProjectLinkSchema)),
}

export const ProjectSchema = Type.Object(
  { id: IntId, ...fields, ...Audit },
  { $id: 'Project', additionalProperties: false },
)
export const ProjectInputSchema = Type.Object(
  { id: Type.Optional(Type.Integer()), ...fields, ...Audit },
  { $id: 'ProjectInput', additionalProperties: false },
)
export const LinkageFieldSchema = Type.Object(
  {
    name: Type.String(),
    displayName: Type.String(),
    maxLength: Type.Integer(),
    canSpecifyFormat: Type.Boolean(),
    formatHint: Type.Optional(Nullable(Type.String())),
  },
  { $id: 'LinkageField', additionalProperties: false },
)
export type Project = Static<typeof ProjectSchema>
export type ProjectInput = Static<typeof ProjectInputSchema>
export type LinkageField = Static<typeof LinkageFieldSchema>

/**
 * Key lineage (DECISIONS.md "Key lineage"): where the records of an enduring key went. One entry per revision of
 * the project's map and pair of keys records moved between; published by the worker to the results service
 * after every map-changing job. Enduring keys only (`LK…`): masked snapshot keys never change, so have none.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from '../common.js'

/** An enduring key as extractions write it: `LK` and twelve digits. */
export const EnduringKeyPattern = '^LK[0-9]{12}$'
const EnduringKey = (description: string) => Type.String({ pattern: EnduringKeyPattern, description })

export const KeyLineageSchema = Type.Object({
  projectCode: Type.String(),
  revision: Type.Integer({ description: "The revision of the project's map that moved the records (revisions only grow)." }),
  changedAt: Type.String({ format: 'date-time', description: 'When that revision was committed.' }),
  fromKey: EnduringKey('The key the records left.'),
  toKey: Nullable(EnduringKey('The key they joined; null when the key\'s last records were deleted or withdrawn.')),
  recordsMoved: Type.Integer({ minimum: 0 }),
  fromKeyEnded: Type.Boolean({ description: 'No current record has the from key any more (merged away or withdrawn); false when it lives on after a split.' }),
  undoneByRevision: Nullable(Type.Integer({ description: 'The rollback revision that undid this move (its records are back on the from key); null while it holds.' })),
  undoneAt: Nullable(Type.String({ format: 'date-time' })),
}, { $id: 'KeyLineage', additionalProperties: false })
export type KeyLineage = Static<typeof KeyLineageSchema>

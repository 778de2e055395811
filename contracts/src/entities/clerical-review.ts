/**
 * Clerical-review lists (DECISIONS.md "Quality review"): after an envelope's linkage the worker lists the pairs
 * that scored just above their strategy's threshold and the groups holding two records of one authoritative event
 * type, as a ready-to-edit quality-review file. The results service keeps one per linkage that listed anything.
 */
import { Type, type Static } from '@sinclair/typebox'

export const ClericalReviewSchema = Type.Object({
  id: Type.Integer(),
  projectCode: Type.String(),
  envelopeName: Type.String({ description: 'The linkage envelope whose linkage made the list.' }),
  linkageId: Type.Integer({ description: 'The linkage (GET /linkages/{id}).' }),
  pairs: Type.Integer({ description: "Pairs of this linkage scoring from their strategy's threshold to less than the threshold plus the review margin (4)." }),
  pairsLinked: Type.Integer({ description: 'Of those pairs, how many ended in one group.' }),
  flaggedGroups: Type.Integer({ description: 'Groups the linkage touched that hold two or more records of one authoritative event type.' }),
  records: Type.Integer({ description: 'Rows of the quality-review file (each listed record once).' }),
  fileName: Type.String({ description: 'The name the download is offered under (the notification attachment\'s).' }),
  createdAt: Type.String({ format: 'date-time' }),
}, { $id: 'ClericalReview', additionalProperties: false })
export type ClericalReview = Static<typeof ClericalReviewSchema>

import { resultsRoutes } from '@ligature/contracts'
import { handlersOf, pageOf, sendPage } from '@ligature/service-kit'
import type { ClericalReviewService } from './clerical-review.service.js'

export const clericalReviewHandlers = (svc: ClericalReviewService) => handlersOf(resultsRoutes)({
  listClericalReviews: async ({ principal, query, reply }) => {
    const { items, total } = await svc.list(principal, pageOf(query), { projectCode: query.projectCode, envelopeName: query.envelopeName })
    return sendPage(reply, items, total)
  },
  getClericalReview: async ({ principal, params }) => svc.get(principal, params.id),
  /** The file as the worker wrote it: the same bytes as the notification's attachment. */
  downloadClericalReview: async ({ principal, params, reply }) => {
    const file = await svc.file(principal, params.id)
    return reply.status(200).header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`).send(file.content)
  },
})

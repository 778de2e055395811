import type { LinkageSource } from '@ligature/contracts'
import type { FieldProblem } from '@ligature/service-kit'

/** The same event type and data source twice in one linkage would load the same records twice. */
export function duplicateSourceProblems(sources: readonly LinkageSource[], basePath: string): FieldProblem[] {
  const seen = new Set<string>()
  const problems: FieldProblem[] = []
  sources.forEach((s, i) => {
    const key = `${s.eventTypeCode}\u0000${s.dataSourceCode}`
    if (seen.has(key)) problems.push({ path: `${basePath}/${i}`, message: 'This event type and data source are already in the list.' })
    seen.add(key)
  })
  return problems
}

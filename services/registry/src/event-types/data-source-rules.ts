import type { DataSource } from '@ligature/contracts'
import type { FieldProblem } from '@ligature/service-kit'

type SettingKind = 'text' | 'boolean' | 'separator' | 'secret'

/** The data source types Ligature reads, and the settings each understands (docs: concepts/data-sources). */
export const DATA_SOURCE_SETTINGS: Record<string, Record<string, SettingKind>> = {
  DelimitedFile: { columnSeparator: 'separator', isFirstLineHeader: 'boolean' },
  TextFiles: { dataPath: 'text', filePattern: 'text', columnSeparator: 'separator', isFirstLineHeader: 'boolean', ignoreInvalidFiles: 'boolean' },
  PostgreSQL: { connectionString: 'secret', table: 'text' },
}
export const DATA_SOURCE_TYPES = Object.keys(DATA_SOURCE_SETTINGS)

const canonicalName = (type: string, name: string) =>
  Object.keys(DATA_SOURCE_SETTINGS[type] ?? {}).find((n) => n.toLowerCase() === name.trim().toLowerCase())

/**
 * Checks a body's data sources beyond the schema: known type, known and unique setting names (matched without
 * regard to case, stored in the documented spelling), booleans as `true`/`false`, one-character separators
 * (`\t` for tab), connection strings only as secrets, and codes unique within the event type.
 * Returns the problems and the sources with names and booleans normalised.
 */
export function checkDataSources(sources: DataSource[]): { problems: FieldProblem[]; sources: DataSource[] } {
  const problems: FieldProblem[] = []
  const codes = new Set<string>()
  const normalised = sources.map((source, i) => {
    const at = `/dataSources/${i}`
    if (!DATA_SOURCE_TYPES.includes(source.dataSourceType)) {
      problems.push({ path: `${at}/dataSourceType`, message: `must be one of ${DATA_SOURCE_TYPES.join(', ')}` })
      return source
    }
    if (source.code != null) {
      if (codes.has(source.code)) problems.push({ path: `${at}/code`, message: 'is used by another data source of this event type' })
      codes.add(source.code)
    }
    const seen = new Set<string>()
    const settings = (source.settings ?? []).map((setting, j) => {
      const path = `${at}/settings/${j}`
      const name = canonicalName(source.dataSourceType, setting.name)
      if (!name) {
        problems.push({ path: `${path}/name`, message: `is not a ${source.dataSourceType} setting (${Object.keys(DATA_SOURCE_SETTINGS[source.dataSourceType]!).join(', ')})` })
        return setting
      }
      if (seen.has(name)) problems.push({ path: `${path}/name`, message: 'is given twice' })
      seen.add(name)
      const kind = DATA_SOURCE_SETTINGS[source.dataSourceType]![name]
      let value = setting.value
      if (kind === 'boolean') {
        value = value.trim().toLowerCase()
        if (value !== 'true' && value !== 'false') problems.push({ path: `${path}/value`, message: 'must be true or false' })
      }
      if (kind === 'separator' && [...value].length !== 1 && value !== '\\t') {
        problems.push({ path: `${path}/value`, message: 'must be one character, or \\t for tab' })
      }
      if (kind === 'secret' && !setting.isSecret) problems.push({ path: `${path}/isSecret`, message: 'must be true: this setting holds credentials' })
      return { ...setting, name, value }
    })
    return { ...source, settings }
  })
  return { problems, sources: normalised }
}

import t from 'tap'
import { Value } from '@sinclair/typebox/value'
import type { TObject, TSchema } from '@sinclair/typebox'
import { DataProviderInputSchema } from './data-provider.js'
import { EventTypeInputSchema } from './event-type.js'
import { ImportFormatInputSchema } from './import-format.js'
import { ProjectInputSchema } from './project.js'
import { MatchStrategyInputSchema, WeightCurveInputSchema } from './match-config.js'
import { ExtractionInputSchema, ExtractionProjectInputSchema } from './extraction.js'
import { BulkLinkageSchema, LinkageInputSchema } from './linkage.js'
import { samples } from './samples.test-fixtures.js'

const schemas: Record<keyof typeof samples, TObject> = {
  DataProviderInput: DataProviderInputSchema, EventTypeInput: EventTypeInputSchema, ImportFormatInput: ImportFormatInputSchema,
  ProjectInput: ProjectInputSchema, MatchStrategyInput: MatchStrategyInputSchema, WeightCurveInput: WeightCurveInputSchema,
  ExtractionProjectInput: ExtractionProjectInputSchema, LinkageInput: LinkageInputSchema, BulkLinkage: BulkLinkageSchema,
  ExtractionInput: ExtractionInputSchema,
}

const stringBounds = (s: TSchema): { min: number; max?: number } | null => {
  const variants = (s.anyOf as TSchema[] | undefined) ?? [s]
  const str = variants.find((v) => v.type === 'string')
  return str ? { min: (str.minLength as number | undefined) ?? 0, max: str.maxLength as number | undefined } : null
}

for (const [name, schema] of Object.entries(schemas) as [keyof typeof samples, TObject][]) {
  t.test(name, async (t) => {
    const sample = samples[name] as Record<string, unknown>
    t.ok(Value.Check(schema, sample), 'the sample is valid')
    t.notOk(Value.Check(schema, { ...sample, unexpected: 1 }), 'an extra property is refused')
    for (const key of schema.required ?? []) {
      const { [key]: _dropped, ...rest } = sample
      t.notOk(Value.Check(schema, rest), `missing required ${key} is refused`)
    }
    for (const [key, prop] of Object.entries(schema.properties)) {
      const b = stringBounds(prop)
      if (!b || typeof sample[key] !== 'string') continue
      const at = (n: number) => Value.Check(schema, { ...sample, [key]: 'x'.repeat(n) })
      if (b.min > 0) t.notOk(at(b.min - 1), `${key} of length ${b.min - 1} is refused`)
      t.ok(at(Math.max(b.min, 1)), `${key} of length ${Math.max(b.min, 1)} is accepted`)
      if (b.max !== undefined) {
        t.ok(at(b.max), `${key} of length ${b.max} is accepted`)
        t.notOk(at(b.max + 1), `${key} of length ${b.max + 1} is refused`)
      }
    }
  })
}

t.test('spec section 3 lengths are the declared ones', async (t) => {
  const max = (s: TObject, k: string) => stringBounds(s.properties[k]!)?.max
  t.equal(max(DataProviderInputSchema, 'code'), 15)
  t.equal(max(DataProviderInputSchema, 'email'), 320)
  t.equal(max(DataProviderInputSchema, 'phone'), 20)
  t.equal(max(EventTypeInputSchema, 'description'), 4000)
  t.equal(max(EventTypeInputSchema, 'category'), 40)
  t.equal(max(ProjectInputSchema, 'code'), 20)
  t.equal(max(ProjectInputSchema, 'description'), 1000)
  t.equal(max(MatchStrategyInputSchema, 'name'), 30)
  t.equal(max(WeightCurveInputSchema, 'code'), 20)
  t.equal(max(ExtractionProjectInputSchema, 'code'), 60)
  t.equal(max(BulkLinkageSchema, 'name'), 256)
})

t.test('weight curve points stay within [0,1]', async (t) => {
  const curve = (distance: number, weightProportion: number) => ({ ...samples.WeightCurveInput, points: [{ distance: 0, weightProportion: 0 }, { distance, weightProportion }] })
  t.ok(Value.Check(WeightCurveInputSchema, curve(1, 1)))
  t.notOk(Value.Check(WeightCurveInputSchema, curve(1.01, 1)))
  t.notOk(Value.Check(WeightCurveInputSchema, curve(1, -0.1)))
})

/**
 * `npm pack` gives a tarball that installs on its own (no workspace, no registry: it has no dependencies)
 * and whose `ligature` command works, including an encoded build that matches the engine byte for byte.
 */
import t from 'tap'
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bloomEncode, bloomToBase64 } from '@ligature/engine'
import { privacyDefinition } from './fixtures.js'
import { unzip } from '../src/unzip.js'

const cliDir = new URL('..', import.meta.url).pathname
const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' }

t.test('the packed tarball installs into an empty folder and runs', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'ligature-pack-'))
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: cliDir, env, encoding: 'utf8' })) as { filename: string; files: { path: string }[] }[]
  t.same(packed!.files.map((f) => f.path).sort(), ['README.md', 'bin/ligature.js', 'build/ligature.js', 'package.json'])
  const pkg = JSON.parse(await readFile(join(cliDir, 'package.json'), 'utf8'))
  t.notOk(pkg.dependencies, 'no runtime dependencies: the bundle holds them')
  execFileSync('npm', ['init', '-y'], { cwd: dir, env, stdio: 'ignore' })
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', join(dir, packed!.filename)], { cwd: dir, env, stdio: 'ignore' })
  const bin = join(dir, 'node_modules/.bin/ligature')
  t.match(execFileSync(bin, ['--help'], { encoding: 'utf8' }), /Usage: ligature \[options\] \[command\]/)
  t.match(execFileSync(bin, ['completion', 'bash'], { encoding: 'utf8' }), /complete -o default -F _ligature_complete ligature/)

  await writeFile(join(dir, 'def.json'), JSON.stringify(privacyDefinition()))
  await writeFile(join(dir, 'secret.txt'), 'installed-bundle-secret-0001\n')
  await writeFile(join(dir, 'src.csv'), 'id,first,last,born\nX1,Ann,Lee,2/3/1990\n')
  await writeFile(join(dir, 'map.yaml'), 'columns:\n  rec_id: id\n  given: first\n  family: last\n  dob: { source: born, dateFormat: d/M/yyyy }\n')
  execFileSync(bin, ['envelope', 'build', '--definition', 'def.json', '--data', 'src.csv', '--map', 'map.yaml', '--encode', 'bloom', '--secret-file', 'secret.txt', '--out', 'e.zip'], { cwd: dir })
  const files = await unzip(join(dir, 'e.zip'), join(dir, 'e'))
  const data = await readFile(files.find((f) => f.endsWith('HOSP.csv'))!, 'utf8')
  const enc = { secret: new TextEncoder().encode('installed-bundle-secret-0001'), filterBits: 1024, hashCount: 20, q: 2, padded: true }
  t.equal(data, `rec_id,given,family,dob,sex,state,ward,given_bf,family_bf\nX1,,,02/03/1990,,,,${bloomToBase64(bloomEncode('ANN', enc))},${bloomToBase64(bloomEncode('LEE', enc))}\n`,
    'the installed bundle encodes exactly as the engine does')
  t.match(await readFile(files.find((f) => f.endsWith('manifest.xml'))!, 'utf8'), /<RequestType>SubmitLinkage<\/RequestType>/)
})

import t from 'tap'
import { createSecretBox } from './secret-box.js'

const box = createSecretBox('a test key that is long enough for scrypt')

t.test('a sealed value opens to the original and never contains it', async (t) => {
  const plain = 'postgres://ligature:s3cret@db.example.org/health'
  const sealed = box.seal(plain)
  t.notOk(sealed.includes('s3cret'))
  t.match(sealed, /^v1:[^:]+:[^:]+:[^:]+$/)
  t.equal(box.open(sealed), plain)
  t.not(box.seal(plain), sealed, 'a fresh IV every time')
})

t.test('another key or a changed byte cannot open it', async (t) => {
  const sealed = box.seal('value')
  t.throws(() => createSecretBox('a different key, also long enough').open(sealed))
  const parts = sealed.split(':')
  const data = Buffer.from(parts[3]!, 'base64')
  data[0] = data[0]! ^ 1
  t.throws(() => box.open([parts[0], parts[1], parts[2], data.toString('base64')].join(':')))
  t.throws(() => box.open('plain text'))
})

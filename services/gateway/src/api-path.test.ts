import t from 'tap'
import { splitApiPath } from './api-path.js'

t.test('splits version, path and query', async (t) => {
  t.same(splitApiPath('/api/v3.3/projects?limit=5'), { version: '3.3', path: '/projects', search: '?limit=5' })
  t.same(splitApiPath('/api/projects/7'), { version: '3.3', path: '/projects/7', search: '' }, 'default version')
  t.same(splitApiPath('/api/v9.9/projects'), { version: '9.9', path: '/projects', search: '' })
  t.same(splitApiPath('/api/v2/x'), { version: '2', path: '/x', search: '' })
  t.same(splitApiPath('/api/validations'), { version: '3.3', path: '/validations', search: '' }, 'a path that merely starts with v')
})

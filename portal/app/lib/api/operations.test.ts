import t from 'tap';
import { groupByTag, listOperations } from './operations.js';

const document = {
  paths: {
    '/projects': {
      get: { operationId: 'listProjects', summary: 'List projects', tags: ['Projects'] },
      post: { operationId: 'createProject', summary: 'Create a project', tags: ['Projects'] },
      parameters: [],
    },
    '/envelopes/{name}': { delete: { operationId: 'deleteEnvelope', tags: ['Envelopes'] } },
    '/health': { get: {} },
  },
};

t.test('every operation of every path, in document order', async (t) => {
  t.same(listOperations(document), [
    { method: 'GET', path: '/projects', operationId: 'listProjects', summary: 'List projects', tag: 'Projects' },
    { method: 'POST', path: '/projects', operationId: 'createProject', summary: 'Create a project', tag: 'Projects' },
    { method: 'DELETE', path: '/envelopes/{name}', operationId: 'deleteEnvelope', summary: 'DELETE /envelopes/{name}', tag: 'Envelopes' },
    { method: 'GET', path: '/health', operationId: null, summary: 'GET /health', tag: 'Other' },
  ]);
  t.same(listOperations({}), []);
});

t.test('grouped by first tag in order of appearance', async (t) => {
  t.same(groupByTag(listOperations(document)).map(([tag, ops]) => [tag, ops.length]), [['Projects', 2], ['Envelopes', 1], ['Other', 1]]);
});

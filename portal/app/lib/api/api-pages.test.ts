import t from 'tap';
import { isApiPage } from './api-pages.js';

const document = {
  paths: { '/projects': { get: { operationId: 'listProjects' }, parameters: [] } },
  components: { schemas: { Project: {} } },
};

t.test('the overview, known operations and known schemas are pages; anything else is not', async (t) => {
  for (const page of ['', '/', 'operations/listProjects', 'schemas/Project', 'schemas/Project/']) t.ok(isApiPage(document, page), page);
  for (const page of ['nope', 'operations/nope', 'operations', 'schemas/Nope', 'operations/listProjects/x', 'schemas/toString', 'operations/parameters']) {
    t.notOk(isApiPage(document, page), page);
  }
});

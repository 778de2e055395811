import t from 'tap';
import { isSlowConnection } from './slow-connection.js';

t.test('2g, slow-2g or save-data skip prefetching', async (t) => {
  t.equal(isSlowConnection({ effectiveType: '2g' }), true);
  t.equal(isSlowConnection({ effectiveType: 'slow-2g' }), true);
  t.equal(isSlowConnection({ effectiveType: '4g', saveData: true }), true);
  t.equal(isSlowConnection({ effectiveType: '3g' }), false);
  t.equal(isSlowConnection({ effectiveType: '4g', saveData: false }), false);
  t.equal(isSlowConnection(undefined), false, 'browsers without the API prefetch');
});

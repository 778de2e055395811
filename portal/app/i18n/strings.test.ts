import t from 'tap';
import { strings, translate, translatePlural } from './strings.js';

t.test('Docusaurus texts are reproduced character for character', async (t) => {
  t.equal(strings['theme.ErrorPageContent.title'], 'This page crashed.');
  t.equal(strings['theme.ErrorPageContent.tryAgain'], 'Try again');
  t.equal(strings['theme.NotFound.title'], 'Page Not Found');
  t.equal(strings['theme.NotFound.p1'], 'We could not find what you were looking for.');
});

t.test('placeholders are filled, unknown ones stay visible', async (t) => {
  t.equal(translate('theme.docs.versionBadge.label', { versionLabel: '1.x' }), 'Version: 1.x');
  t.equal(
    translate('theme.docs.versions.unmaintainedVersionLabel', { siteTitle: 'Ligature', versionLabel: '1.x' }),
    'This is documentation for Ligature 1.x, which is no longer actively maintained.',
  );
  t.equal(translate('theme.docs.versionBadge.label'), 'Version: {versionLabel}');
  t.equal(translate('theme.footer.copyright', { year: 2025, provider: 'Ligature' }), 'Copyright © 2025 Ligature.');
});

t.test('plural messages pick the singular for exactly one', async (t) => {
  t.equal(translatePlural('theme.blog.post.readingTime.plurals', 1, { readingTime: 1 }), 'One min read');
  t.equal(translatePlural('theme.blog.post.readingTime.plurals', 7, { readingTime: 7 }), '7 min read');
});

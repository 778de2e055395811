/**
 * Every user-visible UI string, keyed by the Docusaurus `theme.*` ids so the exact English texts are
 * greppable and tests can assert them. English is the only locale.
 */
export const strings = {
  'theme.NotFound.title': 'Page Not Found',
  'theme.NotFound.p1': 'We could not find what you were looking for.',
  'theme.NotFound.p2':
    'Please contact the owner of the site that linked you to the original URL and let them know their link is broken.',
  'theme.ErrorPageContent.title': 'This page crashed.',
  'theme.ErrorPageContent.tryAgain': 'Try again',
  'theme.ErrorPageContent.cause': 'Cause:',
  'theme.Loading.retry': 'Retry',
  'theme.Loading.loading': 'Loading…',
  'theme.docs.versions.unreleasedVersionLabel': 'This is unreleased documentation for {siteTitle} {versionLabel} version.',
  'theme.docs.versions.unmaintainedVersionLabel':
    'This is documentation for {siteTitle} {versionLabel}, which is no longer actively maintained.',
  'theme.docs.versions.latestVersionSuggestionLabel': 'For up-to-date documentation, see the {latestVersionLink} ({versionLabel}).',
  'theme.docs.versions.latestVersionLinkLabel': 'latest version',
  'theme.docs.versionBadge.label': 'Version: {versionLabel}',
  'theme.colorToggle.ariaLabel': 'Switch between dark and light mode (currently {mode})',
  'theme.colorToggle.ariaLabel.mode.dark': 'dark mode',
  'theme.colorToggle.ariaLabel.mode.light': 'light mode',
  'theme.DocSidebarItem.toggleCollapsedCategoryAriaLabel': "Toggle the collapsible sidebar category '{label}'",
  'theme.docs.sidebar.navAriaLabel': 'Docs sidebar',
  'theme.docs.sidebar.toggleSidebarButtonAriaLabel': 'Toggle navigation bar',
  'theme.docs.sidebar.closeSideBarButtonAriaLabel': 'Close navigation bar',
  'theme.TOCCollapsible.toggleButtonLabel': 'On this page',
  'theme.docs.paginator.navAriaLabel': 'Docs pages',
  'theme.docs.paginator.previous': 'Previous',
  'theme.docs.paginator.next': 'Next',
  'theme.docs.DocCard.categoryDescription.plurals': '1 item|{count} items',
  'theme.blog.post.readingTime.plurals': 'One min read|{readingTime} min read',
  'theme.blog.post.readMore': 'Read more',
  'theme.blog.sidebar.navAriaLabel': 'Blog recent posts navigation',
  'theme.blog.title': 'Blog',
  'theme.blog.description': 'News and release notes from the Ligature team',
  'theme.tags.tagsListLabel': 'Tags:',
  'theme.navbar.docs': 'Documentation',
  'theme.navbar.api': 'API',
  'theme.navbar.blog': 'Blog',
  'theme.navbar.mobileVersionsDropdown.label': 'Versions',
  'theme.navbar.mobileLanguageDropdown.label': 'Languages',
  'theme.navbar.versionsDropdown.ariaLabel': 'Documentation version',
  'theme.navbar.localeDropdown.ariaLabel': 'Language',
  'theme.common.skipToMainContent': 'Skip to main content',
  'theme.SearchBar.label': 'Search',
  'theme.SearchBar.placeholder': 'Search docs',
  'theme.SearchPage.noResultsText': 'No results were found',
  'theme.footer.copyright': 'Copyright © {year} {provider}.',
  'theme.api.title': 'API reference',
  'theme.api.loading': 'Loading the interactive reference…',
  'theme.api.operations': 'Operations',
  'home.cta.docs': 'Read the documentation',
  'home.cta.api': 'Browse the API reference',
} as const;

export type StringId = keyof typeof strings;

/** Fills `{name}` placeholders; unknown placeholders are left visible so mistakes show up in tests. */
export function translate(id: StringId, values: Record<string, string | number> = {}): string {
  return strings[id].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Docusaurus plural messages are `singular|plural`; English needs only the count === 1 case. */
export function translatePlural(id: StringId, count: number, values: Record<string, string | number> = {}): string {
  const [one, other] = strings[id].split('|');
  const message = count === 1 ? one! : (other ?? one!);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

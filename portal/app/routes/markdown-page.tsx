import type { MetaFunction } from '@remix-run/node';
import { portalConfig } from '../config/portal-config.js';
import { mdxComponents } from '../components/mdx-components.js';
import { PageErrorBoundary } from '../components/errors/PageErrorBoundary.js';
import { RouteErrorBoundary } from '../components/errors/RouteErrorBoundary.js';
import MarkdownPage, { frontmatter } from '../../content/pages/markdown-page.mdx';

export const meta: MetaFunction = () => [
  { title: `${frontmatter.title} | ${portalConfig.title}` },
  { name: 'description', content: frontmatter.description },
];

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function MarkdownPageRoute() {
  return (
    <main className="container container--narrow markdown">
      <PageErrorBoundary>
        <MarkdownPage components={mdxComponents} />
      </PageErrorBoundary>
    </main>
  );
}

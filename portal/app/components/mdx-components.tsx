import type { MDXComponents } from 'mdx/types';
import type { AnchorHTMLAttributes } from 'react';
import { DocLink } from './DocLink.js';

/** Internal links in content become client-side links with prefetch; others stay plain anchors. */
function ContentLink({ href = '', children, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <DocLink to={href} {...props}>
        {children}
      </DocLink>
    );
  }
  const external = /^https?:\/\//.test(href);
  return (
    <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...props}>
      {children}
    </a>
  );
}

export const mdxComponents: MDXComponents = { a: ContentLink };

declare module '*.mdx' {
  import type { MDXProps } from 'mdx/types';
  export const frontmatter: { title: string; description: string; [key: string]: unknown };
  export const toc: { value: string; id: string; level: number }[];
  export default function MDXContent(props: MDXProps): JSX.Element;
}

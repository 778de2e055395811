import type { MetaFunction } from '@remix-run/node';
import { portalConfig } from '../config/portal-config.js';
import { translate } from '../i18n/strings.js';
import { docUrl } from '../lib/docs/versions.js';
import { usePreferredVersionName } from '../lib/site/preferred-version.js';
import { DocLink } from '../components/DocLink.js';

export const meta: MetaFunction = () => [
  { title: `${portalConfig.title} | ${portalConfig.tagline}` },
  { name: 'description', content: portalConfig.tagline },
];

const features = [
  {
    title: 'Accurate',
    text: 'Probabilistic matching with tuned blocking, string comparators and weight curves links records about the same person even when names and dates are recorded differently.',
  },
  {
    title: 'Secure',
    text: 'Identifying details stay inside the platform. Researchers receive linkage keys, and privacy-preserving linkage compares Bloom-encoded fields instead of names.',
  },
  {
    title: 'Scalable',
    text: 'Envelopes from many data providers load through durable workflows, so large batches link, extract and roll back reliably without manual steps.',
  },
];

export default function Home() {
  const preferred = usePreferredVersionName();
  const version = portalConfig.versions.find((v) => v.name === preferred) ?? portalConfig.versions.find((v) => v.name === portalConfig.lastVersion)!;
  return (
    <main>
      <header className="hero hero--primary">
        <div className="container">
          <h1 className="hero__title">{portalConfig.title}</h1>
          <p className="hero__subtitle">{portalConfig.tagline}</p>
          <div className="hero__buttons">
            <DocLink className="button button--secondary button--lg" to={docUrl(version, 'overview')}>
              {translate('home.cta.docs')}
            </DocLink>
            <DocLink className="button button--outline button--lg" to="/api/">
              {translate('home.cta.api')}
            </DocLink>
          </div>
        </div>
      </header>
      <section className="container home-section">
        <h2>What Ligature does</h2>
        <p>
          Ligature links records supplied by data providers into linkage projects. Data arrives as envelopes, zip files that carry
          records and a manifest; Ligature decides which records belong to the same person and gives each person a stable
          linkage key. It also extracts linkage keys for approved studies, deletes data on request, estimates match
          probabilities and supports quality review of the links it made. Everything is driven through a REST API.
        </p>
        <h2>Who it is for</h2>
        <p>
          Ligature is for the people who set up and run record linkage: project administrators who configure projects, matching
          and grouping, and data custodians who load data from providers, monitor jobs and release extractions.
        </p>
      </section>
      <section className="container features">
        {features.map((f) => (
          <div key={f.title} className="feature">
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </div>
        ))}
      </section>
    </main>
  );
}

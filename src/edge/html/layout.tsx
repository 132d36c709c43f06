import type { Children } from '@kitajs/html';
import { jsonForScript } from './render.js';
import { STYLESHEET_PATH } from './stylesheet.js';

/** The name the public site goes by, in titles, the header and Open Graph. */
export const SITE_NAME = 'Annonces immobilières';

export interface PageMeta {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Absolute canonical URL; pages that must not be indexed (errors, forms) leave it out. */
  canonical?: string;
  /** `noindex` for error pages, thank-you pages and filtered searches. */
  noindex?: boolean;
  /** Open Graph: absolute image URL and kind of page. */
  ogImage?: string;
  ogType?: 'website' | 'article';
  /** schema.org JSON-LD of the page. */
  jsonLd?: unknown;
}

/**
 * The frame every HTML page shares: French, one stylesheet, no script, a skip link, a header
 * and a footer. The pro space and the back-office are meant to reuse it with their own nav.
 */
export function Layout({
  meta,
  nav,
  footer,
  children,
}: {
  meta: PageMeta;
  nav?: JSX.Element;
  /** A space's own footer (pro space, back-office); the public one by default. */
  footer?: JSX.Element;
  children: Children;
}): JSX.Element {
  // A title that ends with the site's name already (the search page without criteria) does not take it twice.
  const fullTitle = meta.title.endsWith(SITE_NAME) ? meta.title : `${meta.title} | ${SITE_NAME}`;
  const navigation: JSX.Element = nav ?? <PublicNav />;
  const closing: JSX.Element = footer ?? <PublicFooter />;
  return (
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title safe>{fullTitle}</title>
        <meta name="description" content={meta.description} />
        {meta.noindex ? <meta name="robots" content="noindex, follow" /> : ''}
        {meta.canonical ? <link rel="canonical" href={meta.canonical} /> : ''}
        <link rel="stylesheet" href={STYLESHEET_PATH} />
        {/* No icon to fetch: a browser's request for /favicon.ico would only find a 404. */}
        <link rel="icon" href="data:," />
        <meta property="og:site_name" content={SITE_NAME} />
        <meta property="og:locale" content="fr_FR" />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        {meta.canonical ? <meta property="og:url" content={meta.canonical} /> : ''}
        {meta.ogImage ? <meta property="og:image" content={meta.ogImage} /> : ''}
        {meta.jsonLd ? <script type="application/ld+json">{jsonForScript(meta.jsonLd)}</script> : ''}
      </head>
      <body>
        <a class="skip" href="#contenu">
          Aller au contenu
        </a>
        <header class="site">
          <div class="wrap">
            <a class="brand" href="/">
              {SITE_NAME}
            </a>
            {navigation}
          </div>
        </header>
        <main id="contenu" class="wrap">
          {children}
        </main>
        <footer class="site">
          <div class="wrap">{closing}</div>
        </footer>
      </body>
    </html>
  );
}

function PublicFooter(): JSX.Element {
  return (
    <>
      <p>
        Annonces publiées par des agences immobilières. Les coordonnées des annonceurs ne sont pas affichées : écrivez à l’agence avec le
        formulaire de chaque annonce.
      </p>
      <ProLinks />
      <p>
        <a href="/developers">Agences et éditeurs de logiciels : publier vos annonces</a>
      </p>
    </>
  );
}

/**
 * The way in for agencies, on every public page. In the footer, not the header: a visitor's
 * keyboard reaches the search form first.
 */
function ProLinks(): JSX.Element {
  return (
    <nav aria-label="Agences" class="pro-links">
      <a href="/pro/login">Espace professionnel</a>
      <a href="/pro/signup">Créer un compte agence</a>
    </nav>
  );
}

function PublicNav(): JSX.Element {
  return (
    <nav aria-label="Navigation principale">
      <a href="/listings?transaction=sale">Acheter</a>
      <a href="/listings?transaction=rental">Louer</a>
      <a href="/listings">Toutes les annonces</a>
    </nav>
  );
}

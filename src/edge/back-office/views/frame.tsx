import type { Children } from '@kitajs/html';
import { Layout } from '../../html/layout.js';
import { Csrf } from '../../html/page-parts.js';

export { Csrf, duration, Flash, when } from '../../html/page-parts.js';

export type AdminSection = 'dashboard' | 'verifications' | 'moderation' | 'agencies' | 'audit' | 'account';

const SECTIONS: Array<[AdminSection, string, string]> = [
  ['dashboard', '/admin', 'Tableau de bord'],
  ['verifications', '/admin/verifications', 'Vérifications'],
  ['moderation', '/admin/moderation', 'Modération'],
  ['agencies', '/admin/agencies', 'Agences'],
  ['audit', '/admin/audit', 'Journal'],
  ['account', '/admin/account/security', 'Votre compte'],
];

export interface Viewer {
  email: string;
  csrf: string;
}

function AdminNav({ current, viewer }: { current: AdminSection | null; viewer: Viewer | null }): JSX.Element {
  return (
    <nav aria-label="Back-office" class="admin-nav">
      {viewer
        ? SECTIONS.map(([section, href, label]) => (
            <a href={href} aria-current={section === current ? 'page' : undefined} safe>
              {label}
            </a>
          ))
        : ''}
      {viewer ? (
        <form method="post" action="/admin/logout" class="inline">
          <Csrf token={viewer.csrf} />
          <span class="who" safe>
            {viewer.email}
          </span>{' '}
          <button type="submit" class="link">
            Se déconnecter
          </button>
        </form>
      ) : (
        ''
      )}
    </nav>
  );
}

/** A back-office page: the shared layout, the operators' navigation, never indexed. */
export function AdminPage({
  title,
  section,
  viewer,
  children,
}: {
  title: string;
  section: AdminSection | null;
  viewer: Viewer | null;
  children: Children;
}): JSX.Element {
  return (
    <Layout
      meta={{ title: `${title} · Back-office`, description: 'Back-office des opérateurs', noindex: true }}
      nav={<AdminNav current={section} viewer={viewer} />}
      footer={<AdminFooter />}
    >
      {children}
    </Layout>
  );
}

/** The back-office's own footer: the operators' references, not the visitors' notice. */
function AdminFooter(): JSX.Element {
  return (
    <>
      <p>Back-office des opérateurs : modération, agences, clés et journal d’audit.</p>
      <nav aria-label="Références des opérateurs" class="pro-links">
        <a href="/docs">Référence de l’API</a>
        <a href="/errors">Codes d’erreur</a>
        <a href="/">Le site d’annonces</a>
      </nav>
    </>
  );
}

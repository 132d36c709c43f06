import type { Children } from '@kitajs/html';
import { Layout } from '../../html/layout.js';
import { Csrf } from '../../html/page-parts.js';
import type { Role } from '../../../domain/accounts/user-store.js';
import { PRO_INBOX_PATH } from '../../../domain/leads/links.js';

export type ProSection =
  'dashboard' | 'keys' | 'webhooks' | 'passerelle' | 'listings' | 'imports' | 'leads' | 'team' | 'activity' | 'account';

export interface ProViewer {
  email: string;
  role: Role;
  agencyName: string;
  csrf: string;
  /** Conversations holding messages the agency has not opened, shown beside "Contacts". */
  unreadLeads?: number;
}

const SECTIONS: Array<[ProSection, string, string, Role[]]> = [
  ['dashboard', '/pro', 'Tableau de bord', ['admin', 'agent']],
  ['keys', '/pro/api-keys', 'Clés d’API', ['admin']],
  ['webhooks', '/pro/webhooks', 'Webhooks', ['admin']],
  ['listings', '/pro/listings', 'Annonces', ['admin', 'agent']],
  ['imports', '/pro/imports', 'Importer un fichier', ['admin']],
  ['passerelle', '/pro/passerelle', 'Envoi automatique', ['admin']],
  ['leads', PRO_INBOX_PATH, 'Contacts', ['admin', 'agent']],
  ['team', '/pro/team', 'Équipe', ['admin']],
  ['activity', '/pro/activity', 'Activité', ['admin', 'agent']],
  ['account', '/pro/account', 'Votre compte', ['admin', 'agent']],
];

function ProNav({ current, viewer }: { current: ProSection | null; viewer: ProViewer | null }): JSX.Element {
  if (!viewer) {
    return (
      <nav aria-label="Espace pro" class="admin-nav">
        <a href="/pro/login">Se connecter</a>
        <a href="/pro/signup">Créer un compte agence</a>
      </nav>
    );
  }
  return (
    <nav aria-label="Espace pro" class="admin-nav">
      {SECTIONS.filter(([, , , roles]) => roles.includes(viewer.role)).map(([section, href, label]) => (
        <a href={href} aria-current={section === current ? 'page' : undefined}>
          <span safe>{label}</span>
          {section === 'leads' && viewer.unreadLeads ? (
            <>
              {' '}
              <span class="badge" safe>
                {String(viewer.unreadLeads)}
              </span>
              <span class="sr">{viewer.unreadLeads > 1 ? ' contacts non lus' : ' contact non lu'}</span>
            </>
          ) : (
            ''
          )}
        </a>
      ))}
      <form method="post" action="/pro/logout" class="inline">
        <Csrf token={viewer.csrf} />
        <span class="who" safe>{`${viewer.email} · ${viewer.agencyName}`}</span>{' '}
        <button type="submit" class="link">
          Se déconnecter
        </button>
      </form>
    </nav>
  );
}

/** A page of the agencies' pro space: the shared layout, the space's navigation, never indexed. */
export function ProPage({
  title,
  section,
  viewer,
  children,
}: {
  title: string;
  section: ProSection | null;
  viewer: ProViewer | null;
  children: Children;
}): JSX.Element {
  return (
    <Layout
      meta={{ title: `${title} · Espace pro`, description: 'Espace pro des agences', noindex: true }}
      nav={<ProNav current={section} viewer={viewer} />}
      footer={<ProFooter />}
    >
      {children}
    </Layout>
  );
}

/** The pro space's own footer: where agencies get help, not the visitors' notice about hidden contact details. */
function ProFooter(): JSX.Element {
  return (
    <>
      <p>Espace professionnel des agences : vos annonces, vos clés d’API, vos contacts et votre audience sur le site.</p>
      <nav aria-label="Aide aux agences" class="pro-links">
        <a href="/support">Aide et contact</a>
        <a href="/developers">Intégrer votre logiciel (API, fichier de passerelle)</a>
        <a href="/">Le site d’annonces</a>
      </nav>
    </>
  );
}

export function ProMessage({ title, text, viewer }: { title: string; text: string; viewer: ProViewer | null }): JSX.Element {
  return (
    <ProPage title={title} section={null} viewer={viewer}>
      <h1 safe>{title}</h1>
      <p safe>{text}</p>
      <p>
        <a href={viewer ? '/pro' : '/pro/login'}>{viewer ? 'Revenir au tableau de bord' : 'Se connecter'}</a>
      </p>
    </ProPage>
  );
}

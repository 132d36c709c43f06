import type { Children } from '@kitajs/html';
import { Layout } from '../../html/layout.js';

export type AdminSection = 'dashboard' | 'verifications' | 'moderation' | 'agencies' | 'audit';

const SECTIONS: Array<[AdminSection, string, string]> = [
  ['dashboard', '/admin', 'Tableau de bord'],
  ['verifications', '/admin/verifications', 'Vérifications'],
  ['moderation', '/admin/moderation', 'Modération'],
  ['agencies', '/admin/agencies', 'Agences'],
  ['audit', '/admin/audit', 'Journal'],
];

export interface Viewer {
  email: string;
  csrf: string;
}

/** The form field every state-changing form of a session carries (DECISIONS §13). */
export const Csrf = ({ token }: { token: string }) => <input type="hidden" name="_csrf" value={token} />;

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
export function AdminPage({ title, section, viewer, children }: { title: string; section: AdminSection | null; viewer: Viewer | null; children: Children }): JSX.Element {
  return (
    <Layout meta={{ title: `${title} · Back-office`, description: 'Back-office des opérateurs', noindex: true }} nav={<AdminNav current={section} viewer={viewer} />}>
      {children}
    </Layout>
  );
}

/** "2 h 05 min", "12 min", "40 s": a duration an operator reads at a glance. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} j ${hours % 24} h`;
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Paris' });
export const when = (date: Date) => dateTime.format(date);

/** A one-line message after an action (?fait=…), announced to screen readers. */
export function Flash({ text }: { text: string | null }): JSX.Element {
  return text ? (
    <p class="notice ok" role="status" safe>
      {text}
    </p>
  ) : (
    ''
  );
}

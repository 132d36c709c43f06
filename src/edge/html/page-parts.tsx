import type { Children } from '@kitajs/html';
import { frenchShortDateTime } from '../../platform/calendar/french-time.js';
import { frenchSpacing } from './format.js';

/** Pieces the signed-in spaces (pro space, back-office) share: forms' token, durations, dates, notices. */

/** The form field every state-changing form of a session carries (docs/decisions.md §13). */
export const Csrf = ({ token }: { token: string }) => <input type="hidden" name="_csrf" value={token} />;

/**
 * A form of one button that posts to `action` with the session's token: the shape of every
 * row action (revoke, remove, retry…). `ariaLabel` names what a short label acts on.
 */
export function PostButton(props: {
  csrf: string;
  action: string;
  label: string;
  ariaLabel?: string;
  secondary?: boolean;
  inline?: boolean;
}): JSX.Element {
  return (
    <form method="post" action={props.action} class={props.inline ? 'inline' : undefined}>
      <Csrf token={props.csrf} />
      <button type="submit" class={props.secondary ? 'secondary' : undefined} aria-label={props.ariaLabel} safe>
        {props.label}
      </button>
    </form>
  );
}

/** "2 h 05 min", "12 min", "40 s": a duration an operator reads at a glance. */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 72) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} j ${hours % 24} h`;
}

/** "14/03/2026 09:05", Paris time. */
export const when = frenchShortDateTime;

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

/** "il y a 3 min", "il y a 2 h", "il y a 4 j": when something last happened. */
export function ago(date: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  if (seconds < 60) return 'à l’instant';
  if (seconds < 3600) return `il y a ${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `il y a ${Math.floor(seconds / 3600)} h`;
  return `il y a ${Math.floor(seconds / 86_400)} j`;
}

/**
 * Focus goes to the summary as the page loads, without script (`autofocus` on an element made
 * focusable), and the browser scrolls it into view: a form far down a phone's page (a listing's
 * contact form) would otherwise come back at the top, its errors out of sight. A page shows one
 * summary at most, after a refused submission. (@kitajs/html types `autofocus` on form fields only.)
 */
const TAKES_FOCUS: Record<string, string | boolean> = { tabindex: '-1', autofocus: true };

/** The errors of a form above it, each a link to its field; it takes the focus. */
export function FormErrors({ errors, title }: { errors: Array<{ field: string; message: string }>; title: string }): JSX.Element {
  if (errors.length === 0) return '';
  return (
    <div class="notice" role="alert" id="erreurs" {...TAKES_FOCUS}>
      <p>
        <strong safe>{frenchSpacing(title)}</strong>
      </p>
      <ul>
        {errors.map((error) => (
          <li>
            <a href={`#f-${error.field}`} safe>
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A table that scrolls sideways inside its own box on a narrow screen, instead of widening the
 * whole page; the box is a labelled region a keyboard can focus, so it can be scrolled too.
 */
export function TableScroll({ label, children }: { label: string; children: Children }): JSX.Element {
  return (
    <div class="table-scroll" role="region" aria-label={label} tabindex="0">
      {children}
    </div>
  );
}

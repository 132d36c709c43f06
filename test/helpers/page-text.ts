import assert from 'node:assert/strict';

/** Reading server-rendered pages as a person sees them: visible text, tables by caption, description lists. */
/** Visible text: tags dropped, entities decoded, every kind of space made one space. */
export const text = (html: string) =>
  html
    .replace(/<(?:[^>"']|"[^"]*"|'[^']*')*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
export const spaced = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** The body rows of the table captioned `caption`, each as its cells' HTML. */
export function tableCells(html: string, caption: string): string[][] {
  for (const [, table] of html.matchAll(/<table\b[^>]*>([\s\S]*?)<\/table>/g)) {
    const shown = /<caption\b[^>]*>([\s\S]*?)<\/caption>/.exec(table!)?.[1];
    if (shown === undefined || text(shown) !== caption) continue;
    const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table!)?.[1] ?? '';
    return [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) =>
      [...row!.matchAll(/<(td|th)\b[^>]*>([\s\S]*?)<\/\1>/g)].map((cell) => cell[2]!),
    );
  }
  assert.fail(`no table captioned “${caption}”`);
}
export const tableRows = (html: string, caption: string) => tableCells(html, caption).map((row) => row.map(text));

/** The figures of a page's description lists: term → value as shown. */
export const figures = (html: string) =>
  new Map([...html.matchAll(/<dt>([\s\S]*?)<\/dt>\s*<dd\b[^>]*>([\s\S]*?)<\/dd>/g)].map((m) => [text(m[1]!), text(m[2]!)]));

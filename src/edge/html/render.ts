/**
 * The project's one template engine is @kitajs/html: typed JSX compiled by TypeScript to
 * string concatenation. Attribute values are always escaped; text children are escaped where
 * a `safe` attribute (or `escapeHtml`) says so, and `xss-scan` (in `npm test`) fails the build
 * on any text child that is neither escaped nor provably safe.
 */
export { escapeHtml } from '@kitajs/html';

/** A rendered document. Components here are synchronous, so JSX always gives a string. */
export function renderDocument(element: JSX.Element): string {
  if (typeof element !== 'string') throw new TypeError('pages are rendered synchronously: no async component may be used');
  return `<!doctype html>\n${element}`;
}

/**
 * JSON for a `<script type="application/ld+json">` block: `<` is written as its JSON escape,
 * so no value (a title holding `</script>`) can close the element.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * What a route adds to a refused field's rule, after a semicolon, to say where to look instead.
 * The rule words (rule-words.ts) say what every schema asks, the same on every route; only the
 * route knows its neighbours: the name its interface gives a field another interface names
 * otherwise, the route that takes what a malformed path parameter most likely was. A route
 * declares its hints in `config.fieldHints` (the error handler reads them); a bulk route passes
 * them to its items' check.
 */
export interface FieldHints {
  /** A field the schema does not know, by its path (a top-level field's name): `photos` → `this interface calls it imageUrls`. */
  unknownField?: (name: string) => string | undefined;
  /** Any other rule a field breaks, by the field: `serviceId` → `to find a listing by its externalId use …`. */
  rule?: Readonly<Record<string, string>>;
  /** A refused value, by its field and the value sent: `type` `VENTE` → `"VENTE" is the ingestion interface's code; …`. */
  value?: (field: string, value: unknown) => string | undefined;
}

/** A rule's words, then its hint when there is one. */
export const withHint = (words: string, hint: string | undefined) => (hint === undefined ? words : `${words}; ${hint}`);

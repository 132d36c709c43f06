/**
 * The model's fields that the two interfaces name differently (docs/interfaces.md, "Ingestion
 * fields and their v1 names"); every other field has one name everywhere. One table, so the
 * mappings, the field names of their business errors and the hint given for a field sent under
 * the other interface's name cannot drift apart.
 */
const RENAMED = {
  transaction: { ingestion: 'transaction', v1: 'type' },
  propertyType: { ingestion: 'type', v1: 'category' },
  photos: { ingestion: 'imageUrls', v1: 'photos' },
} as const;

export type ListingInterface = 'ingestion' | 'v1';
type Renamed = typeof RENAMED;
export type NamesIn<I extends ListingInterface> = { readonly [F in keyof Renamed]: Renamed[F][I] };

/** The model's fields as `iface` names them, for those the interfaces name differently. */
export function namesIn<I extends ListingInterface>(iface: I): NamesIn<I> {
  return Object.fromEntries(Object.entries(RENAMED).map(([field, names]) => [field, names[iface]])) as NamesIn<I>;
}

/** A model field's name in `iface`: its own where the interfaces differ, else the model's. */
export const nameIn = (iface: ListingInterface, modelField: string): string =>
  Object.hasOwn(RENAMED, modelField) ? RENAMED[modelField as keyof Renamed][iface] : modelField;

/**
 * For a field `iface` does not know, the words that name it as `iface` does when it is the other
 * interface's name of a field (`photos` sent to the ingestion: `this interface calls it
 * imageUrls`); undefined for any other name. A name both interfaces use, for different fields
 * (`type`), is known to both and never gets a hint.
 */
export function ownNameHint(iface: ListingInterface): (unknownName: string) => string | undefined {
  const other: ListingInterface = iface === 'v1' ? 'ingestion' : 'v1';
  const names = Object.values(RENAMED);
  const ownNames = new Set<string>(names.map((field) => field[iface]));
  const ownNameOf = new Map<string, string>(
    names.filter((field) => !ownNames.has(field[other])).map((field) => [field[other], field[iface]]),
  );
  return (unknownName) => {
    const ownName = ownNameOf.get(unknownName);
    return ownName === undefined ? undefined : `this interface calls it ${ownName}`;
  };
}

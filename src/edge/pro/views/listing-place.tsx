import { placeLabel, placeListing } from '../../../domain/geography/index.js';
import type { ListingContent } from '../../../domain/listing-model/model.js';

/**
 * Where the service places the latest content (docs/geography.md): « Lyon 3e (69) · Rhône ·
 * Auvergne-Rhône-Alpes », and the remark a write of it gets when its postcode and city name no
 * commune. Read from the one owner of places rather than the stored location, so that the page
 * shows the remark of the content it shows (remarks are not stored), and the place of a listing
 * the backfill has not reached yet.
 */
export function ListingPlace({ content }: { content: Pick<ListingContent, 'city' | 'postcode'> }): JSX.Element {
  const { location, warning } = placeListing(content.postcode, content.city);
  const shown = [placeLabel(location, content.city), location.department, location.region].filter((part) => part !== null);
  return (
    <section aria-labelledby="lieu">
      <h2 id="lieu">Lieu</h2>
      <p safe>{shown.join(' · ')}</p>
      {warning ? (
        <div class="notice" role="note">
          <p>Le lieu de l’annonce demande votre attention ; elle est publiée telle que vous l’avez envoyée.</p>
          <ul>
            <li safe>{warning.messageFr}</li>
          </ul>
        </div>
      ) : (
        ''
      )}
    </section>
  );
}

import type { Children } from '@kitajs/html';
import { COMBOBOX_SCRIPT_PATH, COMMUNES_PATH } from '../commune-combobox.js';

/**
 * The city field of a search form, which the site's one script turns into a combobox of
 * communes (commune-combobox.ts). The field itself is unchanged: without script, or before it
 * runs, it is the plain text field it always was. A module script runs once however many
 * forms a page holds.
 */
export function CommuneSuggestions({ children }: { children: Children }): JSX.Element {
  return (
    <div class="combo" data-source={COMMUNES_PATH}>
      {children}
      <script type="module" src={COMBOBOX_SCRIPT_PATH}></script>
    </div>
  );
}

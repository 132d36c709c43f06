import { createHash } from 'node:crypto';

/** Where the city field asks for suggestions of communes (communes-route.ts). */
export const COMMUNES_PATH = '/communes';

/**
 * The site's one script (docs/site-and-spaces.md, « Suggestions of communes »): it makes the
 * city field of a search form (`.combo`, whose `data-source` is where suggestions are
 * asked for) an ARIA 1.2 combobox with a listbox popup. Without it the field is the plain text
 * field it was, and the form sends what was typed. With it, choosing a suggestion writes the
 * commune's name in the field and its INSEE code in a hidden `commune` field, which typing
 * clears; the hidden field is disabled while empty, so a search without a choice has no
 * `commune=`. Plain JavaScript, sent as written: a module, so it runs once after parsing and
 * old browsers without modules keep the plain field. Requests wait for a pause in typing and a
 * newer one aborts the older.
 */
/** How long typing must pause before the field asks for suggestions, in milliseconds. */
export const SUGGESTION_PAUSE_MS = 150;

export const COMBOBOX_SCRIPT = String.raw`const PAUSE_MS = ${SUGGESTION_PAUSE_MS};
const CODE = /^[0-9][0-9AB][0-9]{3}$/;

for (const box of document.querySelectorAll('.combo[data-source]')) enhance(box);

function enhance(box) {
  const input = box.querySelector('input[type=text]');
  if (!input || input.getAttribute('role') === 'combobox') return;
  const list = document.createElement('ul');
  list.id = input.id + '-suggestions';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Communes suggérées');
  list.hidden = true;
  const status = document.createElement('div');
  status.className = 'sr';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const code = document.createElement('input');
  code.type = 'hidden';
  code.name = 'commune';
  input.after(list);
  box.append(status, code);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  input.autocomplete = 'off';

  let items = [];
  let active = -1;
  let timer = 0;
  let pending = null;

  const setCode = (value) => {
    code.value = value;
    code.disabled = value === '';
  };
  // The commune chosen before this search, carried on while its name is in the field.
  const kept = new URLSearchParams(location.search).get('commune') || '';
  const here = input.form && new URL(input.form.action, location.href).pathname === location.pathname;
  setCode(here && CODE.test(kept) && input.value.trim() !== '' ? kept : '');

  const activate = (index) => {
    if (active >= 0 && list.children[active]) list.children[active].setAttribute('aria-selected', 'false');
    active = index;
    const option = list.children[index];
    if (!option) return input.removeAttribute('aria-activedescendant');
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  };
  const setOpen = (open) => {
    if (!open) activate(-1);
    list.hidden = !open;
    input.setAttribute('aria-expanded', String(open));
  };
  const show = (found) => {
    setOpen(false);
    items = found;
    list.textContent = '';
    list.append(
      ...found.map((commune, index) => {
        const option = document.createElement('li');
        option.id = list.id + '-' + index;
        option.setAttribute('role', 'option');
        option.setAttribute('aria-selected', 'false');
        // The département's name tells homonyms apart: Saint-Denis (93) Seine-Saint-Denis, Saint-Denis (974) La Réunion.
        const more = document.createElement('span');
        more.className = 'muted';
        more.textContent = commune.department;
        option.append(commune.label + ' ', more);
        return option;
      }),
    );
    if (found.length > 0 && document.activeElement === input) setOpen(true);
  };
  const announce = (count) => {
    status.textContent =
      count === 0
        ? 'Aucune commune ne correspond.'
        : count + (count > 1 ? ' communes proposées' : ' commune proposée') + ', flèches haut et bas pour choisir, Entrée pour valider.';
  };
  const choose = (index) => {
    const commune = items[index];
    input.value = commune.name;
    setCode(commune.inseeCode);
    show([]);
    status.textContent = commune.label + ' choisie.';
    input.setSelectionRange(input.value.length, input.value.length);
  };
  const suggest = async (typed) => {
    const asked = (pending = new AbortController());
    let found = [];
    try {
      const response = await fetch(box.dataset.source + '?q=' + encodeURIComponent(typed), { signal: asked.signal });
      if (response.ok) found = await response.json();
    } catch {
      if (asked.signal.aborted) return; // the text changed meanwhile
    }
    if (asked !== pending) return;
    pending = null;
    show(found);
    // The text the list answers: a test, or a later script, can tell a stale list from the current one.
    list.dataset.answers = typed;
    if (document.activeElement === input) announce(found.length);
  };

  input.addEventListener('input', () => {
    setCode('');
    clearTimeout(timer);
    // What was asked for an older text is of no use any more.
    if (pending) pending.abort();
    pending = null;
    const typed = input.value.trim();
    if (typed.length < 2) {
      show([]);
      status.textContent = '';
      return;
    }
    timer = setTimeout(() => suggest(typed), PAUSE_MS);
  });
  input.addEventListener('keydown', (event) => {
    const open = !list.hidden;
    const last = items.length - 1;
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      if (!open) setOpen(true);
      // Alt+Down opens the list and leaves the cursor in the field; the last option stays the last.
      if (!event.altKey) activate(Math.min(active + 1, last));
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      if (!open) setOpen(true);
      // From the first option back to the field; from the field to the last option.
      activate(active === -1 ? last : active - 1);
    } else if (event.key === 'Enter' && open && active >= 0) {
      event.preventDefault(); // the choice, not yet the search
      choose(active);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    } else if (['Home', 'End', 'ArrowLeft', 'ArrowRight'].includes(event.key)) {
      activate(-1); // back to the text, where the key moves the cursor
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      setOpen(false);
    }
  });
  input.addEventListener('blur', () => setOpen(false));
  // A press on an option must not take the focus from the field; the click chooses it.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  list.addEventListener('click', (event) => {
    const option = event.target.closest('[role=option]');
    if (option) choose([...list.children].indexOf(option));
  });
}
`;

/** Served under a name carrying its content's hash, as the stylesheet: cached a year, renamed by any change. */
export const COMBOBOX_SCRIPT_PATH = `/assets/communes.${createHash('sha256').update(COMBOBOX_SCRIPT).digest('hex').slice(0, 12)}.js`;

// The play page's start screen remembers its last choices on this device, so the next game starts from them.
// Only a value the form still offers is put back: an option since removed, a number out of range or a
// store edited by hand leaves its field at the form's default.
// The practice box is not kept: it comes from the learning pages' link (?practice=1), and kept it would
// silently turn every later game into a lesson; a practice game itself stays one (learn-practice.js).
const KEY = 'klaverjas.choices';  // never under 'klaverjas.play.': those keys are seat tokens (links.js)
const KEPT = ['preset', 'level_n', 'level_e', 'level_w', 'trump_selection', 'match_end', 'roem_claim',
  'illegal_cards', 'pace', 'name', 'seat', 'away_limit'];

function stored() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || '{}');
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? kept : {};
  } catch { return {}; }
}

function store(kept) {
  try { localStorage.setItem(KEY, JSON.stringify(kept)); } catch { /* storage full or off: nothing kept */ }
}

export function keepChoices(form) {
  const data = new FormData(form);
  const kept = {};
  for (const name of KEPT) if (typeof data.get(name) === 'string') kept[name] = data.get(name);
  store(kept);
}

// Puts the kept choices back into `form`.
export function restoreChoices(form) {
  const kept = stored();
  for (const name of KEPT) {
    const value = kept[name];
    const field = form.elements.namedItem(name);
    if (typeof value !== 'string' || !field) continue;
    if (field instanceof RadioNodeList) {
      const radio = [...field].find((r) => r.value === value);
      if (radio) radio.checked = true;
    } else if (field.tagName === 'SELECT') {
      if ([...field.options].some((o) => o.value === value)) field.value = value;
    } else if (field.type === 'number') {
      const before = field.value;
      field.value = value;  // a browser empties a number field given anything but a number
      if (!value || field.value !== value || !field.checkValidity()) field.value = before;
    } else if (value.length <= field.maxLength) {
      field.value = value;
    }
  }
}

// The name typed last, on the start screen or on a table's join screen.
export function keptName() {
  const name = stored().name;
  return typeof name === 'string' && name.length <= 30 ? name : '';
}

export function keepName(name) { store({ ...stored(), name }); }

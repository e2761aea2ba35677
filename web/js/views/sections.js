// The panel's collapsible sections (<details> Learn, Lab, HPA*): which are open is the
// document's `sections` field (document/schema.js), so a link, a lesson and a reload open the same ones.
import { $ } from '../dom.js';
import { kSectionNames } from '../document/names.js';

export function bindSections(store) {
  const present = kSectionNames.filter((id) => $(id));
  for (const id of present) $(id).addEventListener('toggle', () => store.partChanged('sections'));
  store.own('sections', {
    read: () => present.filter((id) => $(id).open),
    apply: (open) => { for (const id of present) $(id).open = open.includes(id); },
  });
}

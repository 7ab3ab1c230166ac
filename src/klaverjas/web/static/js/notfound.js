// The page for an address that names nothing: the site's header, and the way to the start page.
import { applyTexts, onLangChange, t } from './i18n.js';
import { pageTitle, renderHeader } from './layout.js';

function render() {
  applyTexts();
  pageTitle(t('common.not_found_title'));
}

renderHeader({ current: null });
onLangChange(render);
render();

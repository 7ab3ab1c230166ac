// The page for an address that names nothing: the site's header, and the way to the start page.
import { applyTexts, onLangChange, t } from './i18n.js';
import { renderHeader } from './layout.js';

function render() {
  applyTexts();
  document.title = `${t('common.not_found_title')} · ${t('common.app')}`;
}

renderHeader({ current: null });
onLangChange(render);
render();

// @ts-check
/**
 * Entry point: a tiny hash router. `#/` shows the home screen (variant picker, recent
 * games), `#/game/{id}` a game. Hash routing keeps every URL served by `/` so the server
 * only has to serve index.html and the static files.
 */

import { renderHome } from './home.js';
import { GameScreen } from './game.js';
import { toast } from './dialogs.js';
import { renderRules } from './rules.js';
import { applyTheme, toggleTheme } from './prefs.js';

applyTheme();
window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', applyTheme);
document.querySelector('[data-testid=theme-toggle]')?.addEventListener('click', toggleTheme);

const main = /** @type {HTMLElement} */ (document.getElementById('main'));
/** @type {GameScreen|null} */
let screen = null;

/** @type {Parameters<typeof toast>|null} a message for the next screen */
let pending = null;

const app = {
  /**
   * @param {string} hash e.g. `#/game/abc`
   * @param {Parameters<typeof toast>} [message] shown on the new screen (toasts of the old one are cleared)
   */
  navigate(hash, message) {
    pending = message || null;
    if (location.hash === hash) route();
    else location.hash = hash;
  },
};

function route() {
  screen?.destroy();
  document.querySelectorAll('#toasts .toast').forEach((t) => t.remove());
  if (pending) toast(...pending);
  pending = null;
  screen = null;
  const m = /^#\/game\/([^/?#]+)/.exec(location.hash);
  const rules = /^#\/rules\/([^/?#]+)/.exec(location.hash);
  document.body.dataset.screen = m ? 'game' : rules ? 'rules' : 'home';
  if (rules) {
    renderRules(main, decodeURIComponent(rules[1]));
    document.title = 'Menagerie · rules';
  } else if (m) {
    screen = new GameScreen(main, decodeURIComponent(m[1]), app);
    screen.mount();
    document.title = 'Menagerie · game';
  } else {
    renderHome(main, app);
    document.title = 'Menagerie';
  }
  window.scrollTo(0, 0);
}

window.addEventListener('hashchange', route);
route();

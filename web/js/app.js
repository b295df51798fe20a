// @ts-check
/**
 * Entry point: a tiny hash router. `#/` shows the home screen (variant picker, recent
 * games), `#/game/{id}` a game. Hash routing keeps every URL served by `/` so the server
 * only has to serve index.html and the static files.
 */

import { renderHome } from './home.js';
import { GameScreen } from './game.js';

const main = /** @type {HTMLElement} */ (document.getElementById('main'));
/** @type {GameScreen|null} */
let screen = null;

const app = {
  /** @param {string} hash e.g. `#/game/abc` */
  navigate(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
};

function route() {
  screen?.destroy();
  document.querySelectorAll('#toasts .toast').forEach((t) => t.remove());
  screen = null;
  const m = /^#\/game\/([^/?#]+)/.exec(location.hash);
  document.body.dataset.screen = m ? 'game' : 'home';
  if (m) {
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

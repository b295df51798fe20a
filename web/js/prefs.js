// @ts-check
/**
 * Preferences kept in the browser (localStorage): the colour theme and, per game, the
 * board orientation. Storage may be unavailable (private windows, blocked cookies):
 * every call then falls back to the default without an error.
 */

const PREFIX = 'menagerie.';

/**
 * @param {string} key
 * @param {string|null} fallback
 * @returns {string|null}
 */
export function getPref(key, fallback = null) {
  try { return localStorage.getItem(PREFIX + key) ?? fallback; } catch { return fallback; }
}

/**
 * @param {string} key
 * @param {string|null} value null removes it
 */
export function setPref(key, value) {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, value);
  } catch { /* storage unavailable: the choice lasts for this page only */ }
}

/** The theme in force: `dark` or `light` (the system's unless the player chose). */
export function currentTheme() {
  const chosen = getPref('theme');
  if (chosen === 'dark' || chosen === 'light') return chosen;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Applies the theme to the document (`data-theme` on `<html>`). */
export function applyTheme() {
  document.documentElement.dataset.theme = currentTheme();
}

/** Switches between dark and light and remembers the choice. */
export function toggleTheme() {
  setPref('theme', currentTheme() === 'dark' ? 'light' : 'dark');
  applyTheme();
}

// @ts-check
/**
 * Home screen: variant picker grouped by family, game setup (side, engine strength),
 * recent games to resume, and import.
 */

import * as api from './api.js';
import { h, clear, add } from './dom.js';
import { toast } from './dialogs.js';
import { resultText, timeAgo, engineText } from './format.js';
import { importDialog } from './importdlg.js';

const TIMES = [
  { label: '0.5 s', ms: 500 }, { label: '2 s', ms: 2000 }, { label: '5 s', ms: 5000 }, { label: '15 s', ms: 15000 },
];
/** Time controls offered: minutes + seconds added per move ('none': no clocks). */
const CLOCKS = [
  { id: 'none', label: 'None' }, { id: '3+2', label: '3+2' }, { id: '5+3', label: '5+3' },
  { id: '10+5', label: '10+5' }, { id: '30+20', label: '30+20' },
];
/** Engine levels: 1 (a beginner who blunders) to 8 (full strength). */
const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ id: String(n), label: n === 8 ? '8 (full)' : String(n) }));
const SIDES = [
  { id: 'white', label: 'White' }, { id: 'black', label: 'Black' }, { id: 'random', label: 'Random' },
  { id: 'humans', label: 'Two players' }, { id: 'engines', label: 'Engine vs engine' },
];

const PREFS_KEY = 'menagerie.setup';
/** @returns {{variant?:string, side?:string, ms?:number, depth?:number|null, mode?:string, clock?:string, level?:number}} */
function loadPrefs() {
  try { return JSON.parse(localStorage.getItem(PREFS_KEY) || '{}'); } catch { return {}; }
}
/** @param {object} p */
function savePrefs(p) {
  try { localStorage.setItem(PREFS_KEY, JSON.stringify(p)); } catch { /* private mode */ }
}

/**
 * Draws the home screen into `main`.
 * @param {HTMLElement} main
 * @param {{navigate: (hash:string)=>void}} app
 */
export async function renderHome(main, app) {
  clear(main);
  const prefs = loadPrefs();
  const picker = h('div.variant-picker', { 'data-testid': 'variant-picker' }, h('p.muted', null, 'Loading variants…'));
  const recent = h('div.recent', { 'data-testid': 'recent-games' }, h('p.muted', null, 'Loading…'));
  const setup = h('div.setup');
  add(main, 
    h('section.home', null,
      h('div.home-main', null,
        h('h1.page-title', null, 'Choose a variant'),
        picker),
      h('aside.home-side', null,
        h('section.card', null, h('h2', null, 'New game'), setup),
        h('section.card', null,
          h('div.card-head', null, h('h2', null, 'Recent games'),
            h('button.btn.small', { type: 'button', 'data-testid': 'btn-import', onclick: () => importDialog(variants, app) }, 'Import PGN / FEN')),
          recent))));

  /** @type {any[]} */
  let variants = [];
  const state = {
    variant: prefs.variant || 'chess',
    side: prefs.side || 'white',
    mode: prefs.mode || 'time',
    ms: prefs.ms || 2000,
    depth: prefs.depth || 8,
    clock: prefs.clock || 'none',
    level: prefs.level || 8,
    fen: '',
  };

  const drawSetup = () => {
    clear(setup);
    const v = variants.find((x) => x.id === state.variant);
    const seg = (/** @type {string} */ name, /** @type {Array<{id:string,label:string}>} */ items, /** @type {string} */ current, /** @type {(id:string)=>void} */ set) =>
      h('div.segmented', { role: 'radiogroup', 'aria-label': name },
        ...items.map((it) => h('button.seg', {
          type: 'button', role: 'radio', 'aria-checked': String(it.id === current), 'data-testid': `${name.toLowerCase().replace(/\s+/g, '-')}-${it.id}`,
          onclick: () => { set(it.id); savePrefs(state); drawSetup(); },
        }, it.label)));
    const engineUsed = state.side !== 'humans';
    const clocked = state.clock !== 'none';
    add(setup, 
      h('p.chosen', { 'data-testid': 'chosen-variant' }, v ? h('b', null, v.name) : 'No variant selected', v ? h('span.muted', null, ` · ${sizeText(v)} · `) : null,
        v ? h('a', { href: `#/rules/${encodeURIComponent(v.id)}`, 'data-testid': 'chosen-rules' }, 'rules') : null),
      h('label.field-label', null, 'You play'),
      seg('side', sides(v), state.side, (id) => { state.side = id; }),
      h('label.field-label', null, 'Clock (minutes + seconds a move)'),
      seg('clock', CLOCKS, state.clock, (id) => { state.clock = id; }),
      engineUsed ? h('label.field-label', null, 'Engine level (1 = beginner, 8 = full strength)') : null,
      engineUsed ? seg('level', LEVELS, String(state.level), (id) => { state.level = Number(id); }) : null,
      engineUsed && clocked ? h('p.muted.small-note', { 'data-testid': 'clock-engine-note' }, 'The engine plays by its clock.') : null,
      engineUsed && !clocked ? h('label.field-label', null, 'Engine time') : null,
      engineUsed && !clocked ? seg('time', [...TIMES.map((t) => ({ id: String(t.ms), label: t.label })), { id: 'depth', label: 'Depth' }],
        state.mode === 'depth' ? 'depth' : String(state.ms),
        (id) => { if (id === 'depth') state.mode = 'depth'; else { state.mode = 'time'; state.ms = Number(id); } }) : null,
      engineUsed && !clocked && state.mode === 'depth'
        ? h('label.inline', null, 'Search depth ',
          h('input.num', { type: 'number', min: 1, max: 40, value: state.depth, 'data-testid': 'depth-input', 'aria-label': 'Search depth',
            oninput: (/** @type {Event} */ ev) => { state.depth = Number(/** @type {HTMLInputElement} */ (ev.target).value) || 1; savePrefs(state); } }))
        : null,
      h('details.advanced', null, h('summary', null, 'Start from a position (FEN)'),
        h('input.text.mono', { type: 'text', placeholder: v ? 'leave empty for the normal start' : '', value: state.fen, 'data-testid': 'fen-input', 'aria-label': 'Start FEN',
          oninput: (/** @type {Event} */ ev) => { state.fen = /** @type {HTMLInputElement} */ (ev.target).value; } })),
      h('button.btn.primary.big', { type: 'button', 'data-testid': 'start-game', disabled: !v, onclick: start }, v ? `Play ${v.name}` : 'Play'),
    );
  };

  async function start() {
    let white = 'human', black = 'engine';
    let side = state.side;
    if (side === 'random') side = Math.random() < 0.5 ? 'white' : 'black';
    if (side === 'black') { white = 'engine'; black = 'human'; }
    if (side === 'humans') { white = 'human'; black = 'human'; }
    if (side === 'engines') { white = 'engine'; black = 'engine'; }
    const engine = state.mode === 'depth' ? { movetime_ms: null, depth: state.depth } : { movetime_ms: state.ms, depth: null };
    const tc = /^(\d+)\+(\d+)$/.exec(state.clock);
    const clock = tc ? { initial_ms: Number(tc[1]) * 60000, increment_ms: Number(tc[2]) * 1000 } : null;
    try {
      const game = await api.createGame({ variant: state.variant, fen: state.fen.trim() || null, white, black, engine, clock, level: state.level });
      app.navigate(`#/game/${encodeURIComponent(game.id)}`);
    } catch (e) {
      toast(`Could not start the game: ${/** @type {Error} */ (e).message}`, 'error');
    }
  }

  try {
    variants = await api.listVariants();
  } catch (e) {
    clear(picker);
    add(picker, h('p.error-text', null, `Could not load the variants: ${/** @type {Error} */ (e).message}`));
    return;
  }
  if (!variants.find((v) => v.id === state.variant) && variants.length) state.variant = variants[0].id;

  const drawPicker = () => {
    clear(picker);
    /** @type {Map<string, any[]>} */
    const families = new Map();
    for (const v of variants) {
      const f = v.family || 'Other';
      if (!families.has(f)) families.set(f, []);
      families.get(f)?.push(v);
    }
    for (const [family, list] of families) {
      add(picker, h('section.family', { 'data-testid': `family-${slug(family)}` },
        h('h2.family-name', null, family),
        h('div.variant-grid', { role: 'radiogroup', 'aria-label': family },
          ...list.map((v) => h('button.variant-card', {
            type: 'button', role: 'radio', 'aria-checked': String(v.id === state.variant), 'data-testid': `variant-${v.id}`,
            onclick: () => {
              state.variant = v.id; state.fen = ''; savePrefs(state); drawPicker(); drawSetup();
              // single-column layout: bring the setup card into view
              if (window.matchMedia('(max-width: 980px)').matches) setup.scrollIntoView({ behavior: 'smooth', block: 'center' });
            },
            ondblclick: () => { state.variant = v.id; start(); },
          },
          h('span.vname', null, v.name),
          h('span.vsize', null, sizeText(v)),
          h('span.vdesc', null, v.description || ''))))));
    }
  };
  drawPicker();
  drawSetup();

  try {
    const games = await api.listGames(20);
    clear(recent);
    if (!games.length) add(recent, h('p.muted', null, 'No games yet. Pick a variant and press Play.'));
    const names = new Map(variants.map((v) => [v.id, v.name]));
    const players = new Map(variants.map((v) => [v.id, v.players]));
    const list = h('ul.recent-list');
    for (const g of games) {
      const who = `${cap(g.white)} – ${cap(g.black)}`;
      const st = g.status?.over ? resultText(g.status, players.get(g.variant)) : `${g.ply} ${g.ply === 1 ? 'ply' : 'plies'}, in progress`;
      add(list, h('li', null,
        h('a.recent-item', { href: `#/game/${encodeURIComponent(g.id)}`, 'data-testid': `recent-${g.id}` },
          h('span.rname', null, names.get(g.variant) || g.variant),
          h('span.rwho', null, who),
          h('span.rstatus', null, st),
          h('span.rtime', null, timeAgo(g.updated)))));
    }
    add(recent, list);
  } catch (e) {
    clear(recent);
    add(recent, h('p.error-text', null, `Could not load recent games: ${/** @type {Error} */ (e).message}`));
  }
  void engineText;
}

/**
 * The side choices, the first two named as the variant names its players (Shogi: Black,
 * who moves first, then White).
 * @param {{players?:string[]}|undefined} v
 */
function sides(v) {
  const names = v?.players?.length === 2 ? v.players : null;
  return SIDES.map((s) => {
    if (!names || (s.id !== 'white' && s.id !== 'black')) return s;
    // The usual names need no note; others say who moves first (Shogi's Black).
    const first = names[0] === SIDES[0].label ? names[0] : `${names[0]} (moves first)`;
    return { ...s, label: s.id === 'white' ? first : names[1] };
  });
}

/** @param {{files:number, ranks:number, levels:number}} v */
function sizeText(v) {
  return v.levels > 1 ? `${v.files}×${v.ranks}×${v.levels}` : `${v.files}×${v.ranks}`;
}
/** @param {string} s */
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : '');
/** @param {string} s */
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

// Starts the real `menagerie` binary on a free port with a data directory, and a headless
// Debian chromium through playwright-core (no browser download).
//   MENAGERIE_BIN  binary to run (default: target/release/menagerie of this checkout)
//   CHROMIUM       browser binary (default: /usr/bin/chromium)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '..', '..');
export const BIN = process.env.MENAGERIE_BIN || path.join(root, 'target', 'release', 'menagerie');
export const CUBE = path.join(here, 'fixtures', 'cube.toml');

/** A fresh temporary data directory. */
export function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'menagerie-e2e-'));
}

/**
 * Starts the server; resolves once it printed its address.
 * @param {{dataDir: string, port?: number}} opts
 * @returns {Promise<{base: string, port: number, proc: import('node:child_process').ChildProcess, stop: (signal?: NodeJS.Signals) => Promise<void>}>}
 */
export async function startServer({ dataDir, port = 0 }) {
  if (!fs.existsSync(BIN)) throw new Error(`${BIN} not found: build it with cargo build --release -p menagerie`);
  const proc = spawn(BIN, ['serve', '--port', String(port), '--data-dir', dataDir, '--variant-file', CUBE], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stderr.on('data', (d) => { err += d; });
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out} ${err}`)), 15000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /Menagerie is running at (http:\/\/[^/\s]+)\//.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}): ${out} ${err}`)); });
  });
  const stop = (signal = 'SIGTERM') => new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
  return { base, port: Number(new URL(base).port), proc, stop };
}

/** Launches headless chromium (with `extraArgs`, e.g. host resolver rules). */
export function launchBrowser(extraArgs = []) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...extraArgs],
  });
}

/** JSON API call. */
export async function api(base, p, body, method) {
  const res = await fetch(base + p, {
    method: method || (body ? 'POST' : 'GET'),
    headers: { 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/**
 * The server, a headless browser and one page for a spec file: registers its `before`
 * (start) and `after` (stop, remove the data, assert the page had no script error) and
 * returns them, filled in once `before` ran.
 * @returns {{server: any, browser: any, page: import('playwright-core').Page, base: string}}
 */
export function pageFixture(viewport = { width: 1280, height: 900 }) {
  const dataDir = tempDataDir();
  const pageErrors = [];
  const ctx = /** @type {any} */ ({});
  before(async () => {
    ctx.server = await startServer({ dataDir });
    ctx.base = ctx.server.base;
    ctx.browser = await launchBrowser();
    ctx.page = await ctx.browser.newPage({ viewport });
    ctx.page.on('pageerror', (e) => pageErrors.push(e));
  });
  after(async () => {
    await ctx.browser?.close();
    await ctx.server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    assert.deepEqual(pageErrors.map(String), [], 'no script errors in the page');
  });
  return ctx;
}

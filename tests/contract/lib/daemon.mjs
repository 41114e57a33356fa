// Starts the built gpurec daemon on a free loopback port with a fresh database, and stops it.
// Uses node's standard library only, so tests/ops can share it without installing anything.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(new URL('../../..', import.meta.url).pathname);

// How long a check waits, polling, for what the daemon does on its own time (starting, a refresh run, a counter
// updated after an answer, stopping): generous, so that a loaded machine is slow rather than failing.
export const WAIT_MS = 30000;

// Daemons still running when the test process exits (an exception, a signal) are killed rather than left behind.
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => process.exit(130));

// A temporary folder, removed by the returned function.
export function tempDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// Runs `gpurec migrate` on db; throws with its output when it fails.
export function migrate(binary, db) {
  const run = spawnSync(binary, ['migrate'], {
    env: { ...process.env, GPUREC_DB: db, GPUREC_MIGRATIONS_DIR: join(repoRoot, 'migrations') },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`gpurec migrate failed (${run.status}): ${run.stderr}${run.stdout}`);
}

// A loopback port free right now.
function freePort() {
  return new Promise((resolvePort, rejectPort) => {
    const server = net.createServer();
    server.on('error', rejectPort);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

// Starts `gpurec serve` with env on 127.0.0.1 and a port the kernel picks; resolves once it logs that it serves.
// The daemon logs JSON unless env says otherwise; its stderr lines are kept in daemon.lines. With a log level that
// hides the "serving" line, it gets a free port chosen here and is polled on /healthz instead.
export async function start(binary, env, options = {}) {
  if (['warn', 'error'].includes(env.GPUREC_LOG_LEVEL)) {
    const port = await freePort();
    const daemon = await launch(binary, { ...env, GPUREC_LISTEN: `127.0.0.1:${port}` }, options, false);
    daemon.port = port;
    daemon.base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + (options.timeoutMs ?? WAIT_MS);
    while (Date.now() < deadline && daemon.child.exitCode === null && daemon.child.signalCode === null) {
      try {
        await fetch(daemon.base + '/healthz', { signal: AbortSignal.timeout(WAIT_MS) });
        return daemon;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    daemon.child.kill('SIGKILL');
    throw new Error('the daemon did not answer /healthz');
  }
  return launch(binary, env, options, true);
}

function launch(binary, env, { timeoutMs = WAIT_MS } = {}, waitForLog) {
  return new Promise((resolveStart, rejectStart) => {
    const child = spawn(binary, ['serve'], {
      env: {
        ...process.env,
        GPUREC_LISTEN: '127.0.0.1:0',
        GPUREC_LOG_FORMAT: 'json',
        GPUREC_REFRESH_INTERVAL: '0',
        GPUREC_MIGRATIONS_DIR: join(repoRoot, 'migrations'),
        GPUREC_THREADS: '2',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    child.on('exit', () => running.delete(child));
    const daemon = {
      child,
      lines: [],
      stdout: '',
      port: 0,
      base: '',
      // 'close', not 'exit': the process has exited and everything it wrote has been read into lines.
      exited: new Promise((resolveExit) => child.on('close', (code, signal) => resolveExit({ code, signal }))),
    };
    let pending = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rejectStart(new Error(`the daemon did not start in ${timeoutMs} ms:\n${daemon.lines.join('\n')}`));
    }, timeoutMs);
    if (!waitForLog) {
      clearTimeout(timer);
      resolveStart(daemon);
    }
    child.stdout.on('data', (chunk) => (daemon.stdout += chunk));
    child.stderr.on('data', (chunk) => {
      pending += chunk;
      let newline;
      while ((newline = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        daemon.lines.push(line);
        if (!daemon.port) {
          let port = 0;
          try {
            const entry = JSON.parse(line);
            if (entry.msg === 'serving') port = Number(entry.port);
          } catch {
            const text = line.match(/ info serving .*\bport=([0-9]+)/); // GPUREC_LOG_FORMAT=text
            if (text) port = Number(text[1]);
          }
          if (port) {
            daemon.port = port;
            daemon.base = `http://127.0.0.1:${port}`;
            clearTimeout(timer);
            resolveStart(daemon);
          }
        }
      }
    });
    child.on('exit', (code) => {
      if (waitForLog && !daemon.port) {
        clearTimeout(timer);
        rejectStart(new Error(`the daemon exited with ${code} before serving:\n${daemon.lines.join('\n')}`));
      }
    });
  });
}

// SIGTERM, then the exit status once all the daemon's output is in daemon.lines; SIGKILL after timeoutMs (and the
// result says so).
export async function stop(daemon, timeoutMs = WAIT_MS) {
  if (daemon.child.exitCode !== null || daemon.child.signalCode !== null) return daemon.exited;
  daemon.child.kill('SIGTERM');
  let timer;
  const killed = new Promise((resolveKill) => {
    timer = setTimeout(() => {
      daemon.child.kill('SIGKILL');
      resolveKill({ code: null, signal: 'SIGKILL', timedOut: true });
    }, timeoutMs);
  });
  const result = await Promise.race([daemon.exited, killed]);
  clearTimeout(timer);
  return result;
}

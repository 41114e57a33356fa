// What the Dockerfile does, without Docker: its build-stage commands (the Makefile's own targets) run into a temporary
// root, the installed binary runs and migrates from another folder, the runtime packages of its final stage are
// checked against the libraries ldd lists, and its HEALTHCHECK (and docker-compose's) is run against a live daemon.
// Then the deploy/ files: YAML parses, docker-compose's service is complete, and both Kubernetes layouts render with
// a real kustomize and pass the Kubernetes object schemas (k8s.mjs).
// Usage: node deploy.mjs BUILD_DIR
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import YAML from 'yaml';
import { checks } from '../contract/lib/checks.mjs';
import { migrate as migrateDb, repoRoot, start, stop, tempDir, WAIT_MS } from '../contract/lib/daemon.mjs';
import { k8sCases, knownVariables } from './k8s.mjs';

const [build] = process.argv.slice(2);
const { check, finish } = checks('deploy');

function run(command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', ...options });
}

// ---- the Dockerfile -------------------------------------------------------------------------------------------------

// Instructions with continuation lines joined, comments dropped, grouped by stage.
function parseDockerfile(text) {
  const stages = [];
  let joined = '';
  for (const raw of text.split('\n')) {
    if (/^\s*#/.test(raw) && joined === '') continue;
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      joined += line.slice(0, -1) + ' ';
      continue;
    }
    joined += line;
    const instruction = joined.trim();
    joined = '';
    if (!instruction) continue;
    const [keyword] = instruction.split(/\s+/, 1);
    const args = instruction.slice(keyword.length).trim();
    if (keyword.toUpperCase() === 'FROM') stages.push({ from: args, instructions: [] });
    else if (stages.length) stages.at(-1).instructions.push({ keyword: keyword.toUpperCase(), args });
  }
  return stages;
}

function aptPackages(stage) {
  const packages = [];
  for (const { keyword, args } of stage.instructions) {
    if (keyword !== 'RUN') continue;
    for (const m of args.matchAll(/apt-get install ([^&;]+)/g))
      packages.push(...m[1].split(/\s+/).filter((w) => w && !w.startsWith('-')));
  }
  return packages;
}

function dockerfileCases(stages) {
  const problems = [];
  if (stages.length !== 2) problems.push(`${stages.length} stages, expected build and runtime`);
  const [buildStage, runtime] = stages;
  if (!/^debian:bookworm-slim AS build$/i.test(buildStage?.from ?? '')) problems.push(`build stage FROM ${buildStage?.from}`);
  if (runtime?.from !== 'debian:bookworm-slim') problems.push(`final stage FROM ${runtime?.from}`);
  check('Dockerfile: two stages on debian:bookworm-slim', problems);
  if (!runtime) return;

  const get = (keyword) => runtime.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
  const user = get('USER').at(-1) ?? '';
  check('Dockerfile: a non-root user', user && !/^(0|root)(:|$)/.test(user) ? [] : `USER ${user || '(none)'}`);
  check('Dockerfile: EXPOSE 8080', get('EXPOSE').some((e) => e.split(/\s+/).includes('8080')) ? [] : get('EXPOSE'));
  check('Dockerfile: the data volume', get('VOLUME').some((v) => v.includes('/var/lib/gpurec')) ? [] : get('VOLUME'));
  const env = get('ENV').join(' ');
  check('Dockerfile: GPUREC_DB on the volume', /GPUREC_DB=\/var\/lib\/gpurec\/gpurec\.db/.test(env) ? [] : env);
  check('Dockerfile: ENTRYPOINT and CMD', JSON.stringify(JSON.parse(get('ENTRYPOINT').at(-1) ?? 'null')) === '["gpurec"]' &&
    JSON.stringify(JSON.parse(get('CMD').at(-1) ?? 'null')) === '["serve"]' ? [] : [get('ENTRYPOINT'), get('CMD')].join(' '));
  check('Dockerfile: the installed tree comes from the build stage',
    get('COPY').some((c) => /^--from=build \/out\/? \/$/.test(c)) ? [] : get('COPY'));
  const runtimePackages = aptPackages(runtime);
  check('Dockerfile: no build tools or -dev packages in the final image',
    runtimePackages.filter((p) => /-dev$|^(gcc|make|pkg-config|cpp|clang|binutils)/.test(p)));
  const buildPackages = aptPackages(buildStage);
  const depsScript = readFileSync(join(repoRoot, 'deploy/install-deps.sh'), 'utf8');
  const buildGroup = (depsScript.match(/build_pkgs="([^"]+)"/)?.[1] ?? '').split(/\s+/).filter(Boolean);
  check('Dockerfile: the build stage has install-deps.sh\'s build packages',
    buildGroup.length ? buildGroup.filter((p) => !buildPackages.includes(p)).map((p) => `missing ${p}`)
      : 'no build_pkgs in deploy/install-deps.sh');
  const makeRun = buildStage.instructions.find((i) => i.keyword === 'RUN' && /\bmake install\b/.test(i.args))?.args ?? '';
  const prefixes = [...makeRun.matchAll(/PREFIX=(\S+)/g)].map((m) => m[1]);
  check('Dockerfile: make and make install with one PREFIX and DESTDIR=/out',
    /make install\b/.test(makeRun) && /DESTDIR=\/out\b/.test(makeRun) && prefixes.length >= 2 &&
    new Set(prefixes).size === 1 ? [] : `RUN ${makeRun}`);
  const workdir = buildStage.instructions.filter((i) => i.keyword === 'WORKDIR').map((i) => i.args).at(-1);
  const copies = buildStage.instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--'))
    .map((i) => i.args);
  check('Dockerfile: the build stage copies the sources into its WORKDIR',
    workdir && copies.length && copies.every((c) => !/(^|\s)\/(?!src)/.test(c.split(/\s+/).at(-1))) ? [] :
      `WORKDIR ${workdir}; COPY ${copies.join(' | ')}`);
  return { runtimePackages, makeRun, prefix: prefixes[0], copies };
}

// ---- make install, the installed binary, and its libraries ----------------------------------------------------------

function installCases(temp, docker) {
  // 1. make install of the given build, as the issue asks.
  const root = join(temp.dir, 'root');
  const install = run('make', ['-s', `BUILD=${build}`, 'install', `DESTDIR=${root}`, 'PREFIX=/usr'], { cwd: repoRoot });
  check('make install DESTDIR=... PREFIX=/usr', install.status === 0 ? [] : install.stderr + install.stdout);
  const binary = join(root, 'usr/bin/gpurec');
  const migrations = join(root, 'usr/share/gpurec/migrations');
  const wanted = readdirSync(join(repoRoot, 'migrations')).filter((f) => f.endsWith('.sql')).sort();
  const installed = existsSync(migrations) ? readdirSync(migrations).sort() : [];
  check('the migrations are installed', JSON.stringify(wanted) === JSON.stringify(installed) ? [] :
    `installed ${installed.join(', ')}; want ${wanted.join(', ')}`);
  check('the binary is installed executable', existsSync(binary) && (statSync(binary).mode & 0o111) ? [] : binary);

  // 2. The Dockerfile's own build stage: its COPY instructions fill a fresh source folder (so a file the build needs
  // but the Dockerfile does not copy breaks this as it would break the image), then its make command runs there, with
  // /out moved into the temporary folder.
  let imageBinary;
  if (docker?.makeRun) {
    const out = join(temp.dir, 'out');
    const context = join(temp.dir, 'src');
    mkdirSync(context);
    for (const copy of docker.copies) {
      const parts = copy.split(/\s+/);
      const target = parts.at(-1);
      const dest = join(context, target);
      for (const source of parts.slice(0, -1)) {
        const from = join(repoRoot, source);
        // Docker's rules: a folder's contents go into the destination; a file goes into it when it ends with '/'
        let copied;
        if (existsSync(from) && statSync(from).isDirectory()) {
          mkdirSync(dest, { recursive: true });
          copied = run('cp', ['-R', `${from}/.`, dest]);
        } else {
          mkdirSync(target.endsWith('/') ? dest : dirname(dest), { recursive: true });
          copied = run('cp', [from, target.endsWith('/') ? join(dest, basename(from)) : dest]);
        }
        if (copied.status !== 0) check(`Dockerfile: COPY ${copy}`, copied.stderr);
      }
    }
    const command = docker.makeRun.replace(/\/out\b/g, out);
    const image = run('sh', ['-c', command], { cwd: context, maxBuffer: 64 << 20 });
    check('the Dockerfile\'s build commands succeed', image.status === 0 ? [] : (image.stderr || image.stdout).slice(-2000));
    imageBinary = join(out, 'usr/bin/gpurec');
    const help = run(imageBinary, ['--help']);
    const defaultDir = `${docker.prefix}/share/gpurec/migrations`;
    check('the image\'s binary looks for its migrations where make install puts them',
      (help.stdout ?? '').includes(`else ${defaultDir})`) && existsSync(join(out, defaultDir.slice(1))) ? [] :
        `--help: ${(help.stdout ?? '').split('\n').find((l) => l.includes('migrations-dir'))}`);
  }

  for (const [what, exe, dir] of [['installed', binary, migrations],
    ['image', imageBinary, imageBinary && join(dirname(dirname(imageBinary)), 'share/gpurec/migrations')]]) {
    if (!exe || !existsSync(exe)) continue;
    const version = run(exe, ['--version']);
    check(`${what} binary: --version`, version.status === 0 && /^gpurec \d+\.\d+\.\d+/.test(version.stdout) ? [] :
      `${version.status} ${version.stdout}${version.stderr}`);
    const elsewhere = join(temp.dir, `cwd-${what}`);
    mkdirSync(elsewhere);
    const env = { ...process.env, GPUREC_DB: join(elsewhere, 'data.db'), GPUREC_MIGRATIONS_DIR: dir };
    const first = run(exe, ['migrate'], { cwd: elsewhere, env });
    const again = run(exe, ['migrate'], { cwd: elsewhere, env });
    check(`${what} binary: migrate from another folder, twice`, first.status === 0 && again.status === 0 &&
      /up to date/.test(again.stdout) ? [] : `${first.status} ${first.stderr} / ${again.status} ${again.stderr}`);
  }

  // 3. Every library the binary loads comes from a package the final stage installs (or their dependencies).
  const target = imageBinary && existsSync(imageBinary) ? imageBinary : binary;
  if (existsSync(target) && docker?.runtimePackages) librariesCases(target, docker.runtimePackages);
  return target;
}

function packageOf(path) {
  const candidates = new Set([path]);
  try {
    candidates.add(realpathSync(path));
  } catch {
    /* keep the path */
  }
  for (const p of [...candidates]) {
    if (p.startsWith('/usr/lib/')) candidates.add(p.slice(4));
    else if (p.startsWith('/lib/')) candidates.add('/usr' + p);
  }
  for (const p of candidates) {
    const found = run('dpkg', ['-S', p]);
    if (found.status === 0) return found.stdout.split(':')[0].trim();
  }
  return undefined;
}

// Package names (arch qualifiers dropped) that pkg depends on, alternatives resolved to the installed one.
function dependsOf(pkg) {
  const query = run('dpkg-query', ['-W', '-f=${Depends}, ${Pre-Depends}', pkg]);
  if (query.status !== 0) return [];
  const names = [];
  for (const group of query.stdout.split(',')) {
    const options = group.split('|').map((o) => o.trim().split(/[\s(:]/)[0]).filter(Boolean);
    if (!options.length) continue;
    const installedOne = options.find((o) => run('dpkg-query', ['-W', o]).status === 0);
    names.push(installedOne ?? options[0]);
  }
  return names;
}

function librariesCases(binary, runtimePackages) {
  const base = ['libc6']; // in every Debian image: Priority required
  const ldd = run('ldd', [binary]);
  const libraries = [...ldd.stdout.matchAll(/^\s*(\S+) => (\/\S+)/gm)].map((m) => ({ name: m[1], path: m[2] }));
  const missing = [...ldd.stdout.matchAll(/^\s*(\S+) => not found/gm)].map((m) => m[1]);
  check('ldd resolves every library', ldd.status === 0 && libraries.length > 3 && !missing.length ? [] :
    `${ldd.status} ${missing.join(', ')}`);
  const needed = [...run('readelf', ['-d', binary]).stdout.matchAll(/\(NEEDED\)\s+Shared library: \[([^\]]+)\]/g)]
    .map((m) => m[1]);
  check('readelf lists the direct libraries', needed.length > 3 ? [] : `NEEDED: ${needed.join(', ')}`);

  const closure = new Set();
  const queue = [...runtimePackages, ...base];
  while (queue.length) {
    const pkg = queue.pop();
    if (closure.has(pkg)) continue;
    closure.add(pkg);
    queue.push(...dependsOf(pkg));
  }
  const unprovided = [];
  const directPackages = new Set();
  for (const lib of libraries) {
    const pkg = packageOf(lib.path);
    if (!pkg) unprovided.push(`${lib.name}: no package owns ${lib.path}`);
    else if (!closure.has(pkg)) unprovided.push(`${lib.name} (${pkg}) is not installed by the final stage`);
    if (pkg && needed.includes(lib.name)) directPackages.add(pkg);
  }
  check('the final stage\'s packages provide every library ldd lists', unprovided);
  check('each library the binary links directly is named in the final stage',
    [...directPackages].filter((p) => !runtimePackages.includes(p) && !base.includes(p))
      .map((p) => `${p} is not named in the final stage`));
  check('each runtime package named is used (ca-certificates is data for TLS)',
    runtimePackages.filter((p) => p !== 'ca-certificates' && !directPackages.has(p)).map((p) => `${p} is not linked`));
}

// ---- health checks of the image and of docker-compose ---------------------------------------------------------------

function healthcheckCommand(stages) {
  const line = stages.at(-1)?.instructions.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '';
  const json = line.slice(line.indexOf('CMD') + 3).trim();
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

async function healthcheckCases(temp, stages, compose, binary) {
  const dockerCmd = healthcheckCommand(stages);
  check('Dockerfile: HEALTHCHECK in exec form', Array.isArray(dockerCmd) ? [] : 'no HEALTHCHECK CMD [...]');
  const composeTest = compose?.services?.gpurec?.healthcheck?.test;
  // Compose writes $$ for a literal $. CMD-SHELL, as podman-compose 1.0.3 runs it as docker compose does (it turns a
  // CMD list into one shell line).
  const composeCmd = Array.isArray(composeTest) && composeTest[0] === 'CMD-SHELL' && composeTest.length === 2
    ? ['/bin/sh', '-c', composeTest[1].replace(/\$\$/g, '$')] : undefined;
  check('docker-compose: healthcheck in CMD-SHELL form', composeCmd ? [] : JSON.stringify(composeTest));
  const db = join(temp.dir, 'health.db');
  migrateDb(binary, db);
  const daemon = await start(binary, { GPUREC_DB: db, GPUREC_PROVIDERS: 'feed' });
  const env = { ...process.env, GPUREC_LISTEN: `0.0.0.0:${daemon.port}` };
  // the image's binary serves the API and the embedded web page
  for (const [path, type] of [['/v1/gpus/h100-sxm-80gb', 'application/json'], ['/ui/', 'text/html'],
    ['/ui/app.js', 'javascript']]) {
    const response = await fetch(daemon.base + path);
    check(`the image's binary serves ${path}`, response.status === 200 &&
      (response.headers.get('content-type') ?? '').includes(type) ? [] :
      `${response.status} ${response.headers.get('content-type')}`);
  }
  for (const [what, cmd] of [['Dockerfile', dockerCmd], ['docker-compose', composeCmd]]) {
    if (!cmd) continue;
    const healthy = run(cmd[0], cmd.slice(1), { env, timeout: WAIT_MS });
    check(`${what}: the health check passes on a ready daemon`, healthy.status === 0 ? [] :
      `${healthy.status} ${healthy.stderr}`);
  }
  await stop(daemon);
  for (const [what, cmd] of [['Dockerfile', dockerCmd], ['docker-compose', composeCmd]]) {
    if (!cmd) continue;
    const down = run(cmd[0], cmd.slice(1), { env, timeout: WAIT_MS });
    check(`${what}: the health check fails when nothing serves`, down.status !== 0 ? [] : 'it passed');
  }
}

// ---- the manifests --------------------------------------------------------------------------------------------------

function yamlFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...yamlFiles(path));
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out;
}

// Every YAML file under deploy/ parses; docker-compose's service is complete. (The Kubernetes layouts: k8s.mjs.)
function manifestCases() {
  const docs = [];
  for (const file of yamlFiles(join(repoRoot, 'deploy'))) {
    const name = relative(repoRoot, file);
    try {
      const parsed = YAML.parseAllDocuments(readFileSync(file, 'utf8'));
      const errors = parsed.flatMap((d) => d.errors.map((e) => e.message));
      check(`${name}: YAML parses`, errors);
      for (const d of parsed) if (!d.errors.length && d.toJS()) docs.push({ file: name, doc: d.toJS() });
    } catch (error) {
      check(`${name}: YAML parses`, error.message);
    }
  }
  const variables = knownVariables();

  // docker-compose
  const compose = docs.find((d) => d.file === 'deploy/docker-compose.yml')?.doc;
  const svc = compose?.services?.gpurec ?? {};
  const composeProblems = [];
  if (!svc.healthcheck?.test) composeProblems.push('no healthcheck');
  const volume = (svc.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`))
    .find((v) => v.endsWith(':/var/lib/gpurec'));
  if (!volume) composeProblems.push('no volume at /var/lib/gpurec');
  else if (!(volume.split(':')[0] in (compose.volumes ?? {}))) composeProblems.push(`volume ${volume} is not declared`);
  if (!(svc.ports ?? []).some((p) => String(p).endsWith(':8080'))) composeProblems.push('port 8080 is not published');
  for (const key of Object.keys(svc.environment ?? {}))
    if (!variables.has(key)) composeProblems.push(`unknown variable ${key}`);
  if (svc.build?.dockerfile !== 'Dockerfile') composeProblems.push('does not build the Dockerfile');
  check('docker-compose: service with healthcheck, volume, port', composeProblems);
  return compose;
}

async function main() {
  const temp = tempDir('gpurec-deploy-');
  try {
    const stages = parseDockerfile(readFileSync(join(repoRoot, 'Dockerfile'), 'utf8'));
    const docker = dockerfileCases(stages);
    const imageBinary = installCases(temp, docker);
    const compose = manifestCases();
    const k8sDir = join(temp.dir, 'k8s');
    mkdirSync(k8sDir);
    await k8sCases(check, { dir: k8sDir, binary: imageBinary && existsSync(imageBinary) ? imageBinary
      : join(build, 'gpurec') });
    await healthcheckCases(temp, stages, compose, imageBinary && existsSync(imageBinary) ? imageBinary
      : join(build, 'gpurec'));
  } catch (error) {
    check('deploy run', error.stack ?? String(error));
  } finally {
    temp.remove();
  }
  finish();
}

main();

